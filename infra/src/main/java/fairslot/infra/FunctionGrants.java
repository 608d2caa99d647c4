package fairslot.infra;

import fairslot.definitions.Fairslot;
import fairslot.definitions.Permissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.CfnParameter;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.dynamodb.Table;
import software.amazon.awscdk.services.events.EventBus;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.amazon.awscdk.services.sqs.Queue;

/**
 * What a function is granted, exactly its {@link FunctionAccess} row: table actions on the table
 * and the indexes it queries, PutEvents, sending booking requests, its secrets (and their ARNs in
 * its environment), and SES/SNS only for the functions that send messages.
 */
final class FunctionGrants {
  private final Stack stack;
  private final Table table;
  private final EventBus bus;
  private final Map<String, Queue> queues;
  private final Map<Permissions.Secret, Secret> secrets;
  private final CfnParameter emailFrom;
  private final Map<String, String> environment;

  FunctionGrants(
      Stack stack,
      Table table,
      EventBus bus,
      Map<String, Queue> queues,
      Map<Permissions.Secret, Secret> secrets,
      CfnParameter emailFrom,
      Map<String, String> environment) {
    this.stack = stack;
    this.table = table;
    this.bus = bus;
    this.queues = queues;
    this.secrets = secrets;
    this.emailFrom = emailFrom;
    this.environment = environment;
  }

  /**
   * Exactly the row's grants: its table actions (a transaction is authorized per action inside it)
   * on the table and the indexes it queries, PutEvents, sending booking requests, and its secrets.
   */
  void grant(Function fn, Permissions access) {
    List<String> resources = new ArrayList<>(List.of(table.getTableArn()));
    access
        .indexes()
        .ifPresentOrElse(
            names ->
                names.stream()
                    .sorted()
                    .forEach(i -> resources.add(table.getTableArn() + "/index/" + i)),
            () -> resources.add(table.getTableArn() + "/index/*"));
    if (!access.tableActions().isEmpty()) { // the authorizer reads no table
      fn.addToRolePolicy(
          PolicyStatement.Builder.create()
              .actions(access.tableActions().stream().sorted().toList())
              .resources(resources)
              .build());
    }
    if (access.publishesEvents()) {
      bus.grantPutEventsTo(fn);
    }
    if (access.sendsBookingRequests()) {
      queues.get(Fairslot.BOOKING_QUEUE.name()).grantSendMessages(fn);
    }
    access.secrets().stream().sorted().forEach(s -> secrets.get(s).grantRead(fn));
    if (access.sendsMessages()) {
      // E-mail only from the stack's sender identity (any verified identity of the account and
      // region, so a domain identity works as well as an address; the From is what is pinned).
      fn.addToRolePolicy(
          PolicyStatement.Builder.create()
              .actions(List.of("ses:SendEmail"))
              .resources(
                  List.of(
                      "arn:"
                          + stack.getPartition()
                          + ":ses:"
                          + stack.getRegion()
                          + ":"
                          + stack.getAccount()
                          + ":identity/*"))
              .conditions(
                  Map.of("StringEquals", Map.of("ses:FromAddress", emailFrom.getValueAsString())))
              .build());
      // SMS to a phone number has no resource to name; denying every topic keeps Publish to SMS.
      fn.addToRolePolicy(
          PolicyStatement.Builder.create()
              .actions(List.of("sns:Publish"))
              .notResources(List.of("arn:" + stack.getPartition() + ":sns:*:*:*"))
              .build());
    }
  }

  /** The function's environment: the stack's, plus the ARNs of the secrets it may read. */
  Map<String, String> environmentOf(Permissions access) {
    Map<String, String> env = new HashMap<>(environment);
    access
        .secrets()
        .forEach(secret -> env.put(secret.arnVariable(), secrets.get(secret).getSecretArn()));
    if (access.sendsMessages()) {
      env.put(Fairslot.EMAIL_FROM_ENV, emailFrom.getValueAsString());
    }
    return env;
  }
}
