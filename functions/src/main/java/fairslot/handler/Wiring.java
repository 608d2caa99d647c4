package fairslot.handler;

import fairslot.app.Backoff;
import fairslot.app.BookingService;
import fairslot.app.CatalogService;
import fairslot.app.IdGenerator;
import fairslot.definitions.Fairslot;
import fairslot.handler.internal.IdempotencyKeys;
import fairslot.store.dynamodb.DynamoDbBookingStore;
import fairslot.store.dynamodb.DynamoDbCatalogStore;
import fairslot.store.dynamodb.DynamoDbIdempotencyStore;
import java.time.Clock;
import java.util.Optional;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The one place concrete adapters are chosen and connected. Lambda uses {@link #fromEnvironment()}
 * once per container; tests and the local runtime pass their own client and clock.
 */
public final class Wiring {
  private final DynamoDbClient dynamo;
  private final String table;
  private final Clock clock;
  private final IdGenerator ids;

  public Wiring(DynamoDbClient dynamo, String table, Clock clock, IdGenerator ids) {
    this.dynamo = dynamo;
    this.table = table;
    this.clock = clock;
    this.ids = ids;
  }

  /** Region, credentials and AWS_ENDPOINT_URL come from the standard SDK environment. */
  public static Wiring fromEnvironment() {
    DynamoDbClient dynamo = DynamoDbClient.builder().httpClient(UrlConnectionHttpClient.create()).build();
    return new Wiring(dynamo, tableName(), Clock.systemUTC(), IdGenerator.random());
  }

  public static String tableName() {
    return Optional.ofNullable(System.getenv(Fairslot.TABLE_ENV)).filter(s -> !s.isBlank())
        .orElse(Fairslot.TABLE.defaultName());
  }

  public HttpApi httpApi() {
    DynamoDbCatalogStore catalogStore = new DynamoDbCatalogStore(dynamo, table);
    CatalogService catalog = new CatalogService(catalogStore, clock, ids);
    BookingService bookings = new BookingService(catalogStore, new DynamoDbBookingStore(dynamo, table), clock, ids,
        Backoff.DEFAULT, HttpApi::createdResponse);
    return new HttpApi(catalog, bookings, new IdempotencyKeys(new DynamoDbIdempotencyStore(dynamo, table), clock),
        clock);
  }
}
