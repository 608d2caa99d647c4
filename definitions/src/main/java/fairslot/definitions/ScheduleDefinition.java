package fairslot.definitions;

/**
 * A recurring job. {@code name} is what POST /_local/schedules/{name}/run takes; {@code handler} is
 * the Lambda handler class (a name only: infra and definitions never import function code). {@code
 * rate} is the EventBridge schedule expression used in AWS; locally the period comes from
 * FAIRSLOT_SWEEP_EVERY (PT1M by default). {@code permissions} is what the job's function may do.
 */
public record ScheduleDefinition(
    String name, String rate, String handler, Permissions permissions) {}
