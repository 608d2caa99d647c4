package fairslot.local;

import fairslot.emulator.Dynoxide;

/** {@code ./fairslot local}'s entry point: settings from the environment, then the runtime. */
public final class LocalMain {
  private LocalMain() {}

  public static void main(String[] args) {
    Settings settings;
    LocalDynamoDb dynamoDb;
    try {
      settings = Settings.fromEnvironment();
      dynamoDb = LocalDynamoDb.forLocalCommand(System.getenv(), Dynoxide.binary().isPresent());
    } catch (IllegalStateException refused) {
      System.err.println("fairslot local: " + refused.getMessage());
      System.exit(2);
      return;
    }
    LocalRuntime runtime;
    try {
      runtime = LocalRuntime.start(settings, dynamoDb);
    } catch (IllegalStateException notStarted) {
      System.err.println("fairslot local: " + notStarted.getMessage());
      System.exit(1);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(runtime::close));
    System.out.println(
        "fairslot local runtime listening on http://127.0.0.1:"
            + runtime.port()
            + " (table "
            + settings.table()
            + ", "
            + runtime.describeAws()
            + "). Ctrl-C stops it.");
  }
}
