package fairslot.local;

import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Dynoxide;
import fairslot.emulator.Emulator;
import fairslot.emulator.EmulatorFaults;
import fairslot.emulator.EmulatorMailbox;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The AWS APIs a local runtime talks to: moto behind the serializing launcher (with the fault
 * model) for every service, or AWS_ENDPOINT_URL's; and DynamoDB on moto, on dynoxide
 * (FAIRSLOT_DYNAMODB=dynoxide) or at AWS_ENDPOINT_URL_DYNAMODB.
 */
final class LocalAws implements AutoCloseable {
  private final Optional<Emulator> emulator;
  private final Optional<Dynoxide> dynoxide;
  private final AwsEndpoint endpoint;

  private LocalAws(Optional<Emulator> emulator, Optional<Dynoxide> dynoxide, AwsEndpoint endpoint) {
    this.emulator = emulator;
    this.dynoxide = dynoxide;
    this.endpoint = endpoint;
  }

  static LocalAws start(LocalDynamoDb choice) {
    Optional<AwsEndpoint> external = AwsEndpoint.fromEnvironment();
    if (external.isPresent()) {
      return new LocalAws(Optional.empty(), Optional.empty(), external.get());
    }
    Emulator moto = Emulator.start();
    if (choice == LocalDynamoDb.MOTO) {
      return new LocalAws(Optional.of(moto), Optional.empty(), moto.endpoint());
    }
    try {
      Dynoxide second = Dynoxide.start();
      return new LocalAws(
          Optional.of(moto),
          Optional.of(second),
          moto.endpoint().withDynamoDb(Optional.of(second.endpoint().uri())));
    } catch (RuntimeException notStarted) {
      moto.close();
      throw notStarted;
    }
  }

  AwsEndpoint endpoint() {
    return endpoint;
  }

  /** The embedded emulator's faults and counts, for GET /_local/faults. */
  Supplier<String> faults() {
    return emulator
        .<Supplier<String>>map(e -> new EmulatorFaults(e.endpoint())::reportJson)
        .orElse(() -> "{\"faults\":null,\"faultsInjected\":{}}");
  }

  /** The emulator's sent mail and SMS, for GET /_local/mailbox. */
  Supplier<String> mailbox() {
    return emulator
        .<Supplier<String>>map(e -> new EmulatorMailbox(e.endpoint())::json)
        .orElse(() -> "{\"emails\":[],\"sms\":[]}");
  }

  /** One line for the start banner: where each API is. */
  String describe() {
    String services = endpoint.uri().toString();
    return dynoxide.isPresent()
        ? "DynamoDB on dynoxide " + endpoint.dynamoDbUri() + ", other services on moto " + services
        : endpoint.dynamoDbApart()
            ? "DynamoDB " + endpoint.dynamoDbUri() + ", other services " + services
            : (emulator.isPresent() ? "emulator " : "endpoint ") + services;
  }

  @Override
  public void close() {
    dynoxide.ifPresent(Dynoxide::close);
    emulator.ifPresent(Emulator::close);
  }
}
