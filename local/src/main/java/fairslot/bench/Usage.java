package fairslot.bench;

/** What a stretch of the cost journey used, in the units AWS bills. */
record Usage(
    CostMeter.Reading dynamo,
    long lambdaInvocations,
    double lambdaGbSeconds,
    long apiRequests,
    long customEvents,
    long waitlistMessages,
    long streamRecords,
    long logBytes,
    long emails,
    long sms) {

  Usage minus(Usage earlier) {
    return new Usage(
        dynamo.minus(earlier.dynamo),
        lambdaInvocations - earlier.lambdaInvocations,
        lambdaGbSeconds - earlier.lambdaGbSeconds,
        apiRequests - earlier.apiRequests,
        customEvents - earlier.customEvents,
        waitlistMessages - earlier.waitlistMessages,
        streamRecords - earlier.streamRecords,
        logBytes - earlier.logBytes,
        emails - earlier.emails,
        sms - earlier.sms);
  }
}
