package fairslot.local;

import fairslot.app.IdGenerator;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Emulator;
import fairslot.emulator.Provisioner;
import fairslot.handler.HttpApiHandler;
import fairslot.handler.Wiring;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code ./fairslot local}: the emulator (or AWS_ENDPOINT_URL), the resources from the shared
 * definitions, and the HTTP API on 127.0.0.1:3000 (PORT overrides).
 */
public final class LocalRuntime implements AutoCloseable {
  public static final String DEFAULT_JWT_SECRET = "local-dev-secret";

  private final Optional<Emulator> emulator;
  private final DynamoDbClient dynamo;
  private final LocalHttpServer http;

  private LocalRuntime(Optional<Emulator> emulator, DynamoDbClient dynamo, LocalHttpServer http) {
    this.emulator = emulator;
    this.dynamo = dynamo;
    this.http = http;
  }

  public record Settings(int port, String table, String jwtSecret, Clock clock) {
    public static Settings fromEnvironment() {
      return new Settings(
          Integer.parseInt(env("PORT").orElse("3000")),
          Wiring.tableName(),
          env("FAIRSLOT_JWT_SECRET").orElse(DEFAULT_JWT_SECRET),
          Clock.systemUTC());
    }
  }

  public static LocalRuntime start(Settings settings) {
    Optional<AwsEndpoint> external = AwsEndpoint.fromEnvironment();
    Optional<Emulator> emulator = external.isPresent() ? Optional.empty() : Optional.of(Emulator.start());
    AwsEndpoint endpoint = external.orElseGet(() -> emulator.get().endpoint());
    DynamoDbClient dynamo = endpoint.dynamoDb();
    Provisioner.createTable(dynamo, settings.table());
    HttpApiHandler handler = new HttpApiHandler(
        new Wiring(dynamo, settings.table(), settings.clock(), IdGenerator.random()).httpApi());
    try {
      LocalHttpServer http = new LocalHttpServer("127.0.0.1", settings.port(), handler,
          new Hs256Jwt(settings.jwtSecret(), settings.clock()),
          () -> tableIsActive(dynamo, settings.table()));
      return new LocalRuntime(emulator, dynamo, http);
    } catch (IOException e) {
      emulator.ifPresent(Emulator::close);
      throw new UncheckedIOException("cannot listen on 127.0.0.1:" + settings.port(), e);
    }
  }

  public int port() {
    return http.port();
  }

  @Override
  public void close() {
    http.close();
    dynamo.close();
    emulator.ifPresent(Emulator::close);
  }

  private static boolean tableIsActive(DynamoDbClient dynamo, String table) {
    try {
      return dynamo.describeTable(r -> r.tableName(table)).table().tableStatusAsString().equals("ACTIVE");
    } catch (RuntimeException down) {
      return false;
    }
  }

  private static Optional<String> env(String name) {
    return Optional.ofNullable(System.getenv(name)).filter(s -> !s.isBlank());
  }

  public static void main(String[] args) {
    Settings settings = Settings.fromEnvironment();
    LocalRuntime runtime = start(settings);
    Runtime.getRuntime().addShutdownHook(new Thread(runtime::close));
    System.out.println("fairslot local runtime listening on http://127.0.0.1:" + runtime.port()
        + " (table " + settings.table() + ", emulator "
        + (runtime.emulator.isPresent() ? runtime.emulator.get().endpoint().uri() : System.getenv("AWS_ENDPOINT_URL"))
        + "). Ctrl-C stops it.");
  }
}
