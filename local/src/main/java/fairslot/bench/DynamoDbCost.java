package fairslot.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.catalog.app.EventPublisher;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Emulator;
import fairslot.emulator.Provisioner;
import fairslot.handler.Adapters;
import fairslot.handler.HttpApiHandler;
import fairslot.handler.Wiring;
import fairslot.kernel.IdGenerator;
import fairslot.local.MovableClock;
import fairslot.messaging.notifications.LocalNotificationSender;
import fairslot.messaging.payments.LocalPaymentProvider;
import fairslot.messaging.payments.WebhookSignature;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB calls and write units per operation, counted by an SDK interceptor on the real handler.
 * The emulator reports no consumed capacity for transactions, so write units are estimated from the
 * items written and the indexes they touch ({@link WriteUnits}).
 */
final class DynamoDbCost {
  private DynamoDbCost() {}

  static void run() throws Exception {
    try (Emulator emulator = Emulator.start()) {
      AwsEndpoint endpoint = emulator.endpoint();
      CallCounter counter = new CallCounter(new WriteUnits(endpoint.dynamoDb()));
      CostMeter meter = new CostMeter(new WriteUnits(endpoint.dynamoDb()));
      DynamoDbClient dynamo =
          DynamoDbClient.builder()
              .endpointOverride(endpoint.uri())
              .region(endpoint.region())
              .credentialsProvider(endpoint.credentials())
              .httpClient(UrlConnectionHttpClient.create())
              .overrideConfiguration(
                  c -> c.addExecutionInterceptor(counter).addExecutionInterceptor(meter))
              .build();
      String table = "cost";
      Provisioner.createTable(dynamo, table);
      Instant now = Instant.now();
      MovableClock clock = new MovableClock(now);
      String secret = "bench-secret";
      HttpApiHandler[] handler = new HttpApiHandler[1];
      LocalPaymentProvider provider =
          new LocalPaymentProvider(
              (raw, headers) -> {}, secret, clock, LocalPaymentProvider.Mode.MANUAL, Duration.ZERO);
      Wiring wiring =
          new Wiring(
              dynamo,
              table,
              clock,
              IdGenerator.random(),
              new Adapters(
                  EventPublisher.NONE,
                  provider,
                  new LocalNotificationSender(delivery -> {}),
                  (request, dedup) -> {}),
              Optional.of(secret));
      handler[0] = new HttpApiHandler(wiring.httpApi());
      ObjectMapper json = new ObjectMapper();

      String venue =
          json.readTree(
                  call(
                      handler[0],
                      "POST /venues",
                      Map.of(),
                      "{\"name\":\"V\",\"timeZone\":\"UTC\"}",
                      "admin",
                      "admin"))
              .path("venueId")
              .asText();
      String resource =
          json.readTree(
                  call(
                      handler[0],
                      "POST /venues/{venueId}/resources",
                      Map.of("venueId", venue),
                      "{\"name\":\"R\",\"kind\":\"SEATS\",\"capacity\":5000}",
                      "admin",
                      "admin"))
              .path("resourceId")
              .asText();
      String start = now.plus(Duration.ofDays(2)).atOffset(ZoneOffset.UTC).withNano(0).toString();
      String end =
          now.plus(Duration.ofDays(2))
              .plusSeconds(3600)
              .atOffset(ZoneOffset.UTC)
              .withNano(0)
              .toString();
      String slot =
          json.readTree(
                  call(
                      handler[0],
                      "POST /slots",
                      Map.of(),
                      "{\"resourceId\":\""
                          + resource
                          + "\",\"start\":\""
                          + start
                          + "\",\"end\":\""
                          + end
                          + "\",\"priceMinor\":100,\"currency\":\"CNY\"}",
                      "admin",
                      "admin"))
              .path("slotId")
              .asText();

      counter.reset();
      String booking =
          json.readTree(
                  call(
                      handler[0],
                      "POST /bookings",
                      Map.of(),
                      "{\"slotId\":\"" + slot + "\",\"quantity\":1}",
                      "u-first",
                      "customer"))
              .path("bookingId")
              .asText();
      int bookingCalls = counter.total();
      int bookingWcu = counter.estimatedWcu.get();
      int bookingBaseWcu = counter.baseTableWcu.get();
      String bookingDetail = counter.calls.toString();

      counter.reset();
      call(
          handler[0],
          "POST /bookings/{bookingId}/cancel",
          Map.of("bookingId", booking),
          null,
          "u-first",
          "customer");
      int cancelCalls = counter.total();
      String cancelDetail = counter.calls.toString();

      String paid =
          json.readTree(
                  call(
                      handler[0],
                      "POST /bookings",
                      Map.of(),
                      "{\"slotId\":\"" + slot + "\",\"quantity\":1}",
                      "u-payer",
                      "customer"))
              .path("bookingId")
              .asText();
      String paymentNo =
          json.readTree(
                  call(
                      handler[0],
                      "POST /bookings/{bookingId}/pay",
                      Map.of("bookingId", paid),
                      null,
                      "u-payer",
                      "customer"))
              .path("paymentNo")
              .asText();
      String body =
          "{\"eventId\":\"evt-1\",\"paymentNo\":\""
              + paymentNo
              + "\",\"bookingId\":\""
              + paid
              + "\",\"amountMinor\":100,\"currency\":\"CNY\",\"status\":\"SUCCEEDED\"}";
      long ts = clock.instant().getEpochSecond();
      counter.reset();
      APIGatewayV2HTTPEvent webhook = event("POST /payments/callback", Map.of(), body, null, null);
      webhook.getHeaders().put(WebhookSignature.TIMESTAMP_HEADER.toLowerCase(), Long.toString(ts));
      webhook
          .getHeaders()
          .put(
              WebhookSignature.SIGNATURE_HEADER.toLowerCase(),
              new WebhookSignature(secret).sign(ts, body));
      handler[0].handleRequest(webhook, null);
      int callbackCalls = counter.total();
      String callbackDetail = counter.calls.toString();

      int due = 20;
      for (int i = 0; i < 200; i++) {
        if (i == due) {
          clock.advance(Duration.ofMinutes(10)); // the first 20 holds will be due, the rest not
        }
        call(
            handler[0],
            "POST /bookings",
            Map.of(),
            "{\"slotId\":\"" + slot + "\",\"quantity\":1}",
            "holder-" + i,
            "customer");
      }
      clock.advance(Duration.ofMinutes(6));
      counter.reset();
      var sweep = wiring.booking().holdSweep().run(500);
      ShapeCosts.Figures shapes =
          ShapeCosts.measure(handler[0], counter, meter, venue, slot, paid, "u-payer", now);
      System.out.println(
          "booking: "
              + bookingDetail
              + "  cancel: "
              + cancelDetail
              + "  callback: "
              + callbackDetail
              + "  two slots: "
              + shapes.pairDetail()
              + "  reschedule: "
              + shapes.rescheduleDetail()
              + "  reschedule refunding the difference: "
              + shapes.refundingMoveDetail());
      System.out.printf(
          "bench dynamodb-cost: booking_calls=%d booking_wcu=%d booking_wcu_base_table=%d"
              + " booking_wcu_indexes=%d cancel_calls=%d callback_calls=%d sweep_items_read=%d sweep_due=%d"
              + " sweep_holds_total=%d availability_calls=%d availability_rru=%.1f"
              + " availability_slots=%d availability_runs=%d reschedule_calls=%d"
              + " reschedule_wcu=%d reschedule_refund_calls=%d reschedule_refund_wcu=%d"
              + " two_slot_booking_calls=%d two_slot_booking_wcu=%d%n",
          bookingCalls,
          bookingWcu,
          bookingBaseWcu,
          bookingWcu - bookingBaseWcu,
          cancelCalls,
          callbackCalls,
          sweep.itemsRead(),
          sweep.due(),
          200,
          shapes.availabilityCalls(),
          shapes.availabilityRru(),
          shapes.daySlots(),
          shapes.runs(),
          shapes.rescheduleCalls(),
          shapes.rescheduleWcu(),
          shapes.refundingMoveCalls(),
          shapes.refundingMoveWcu(),
          shapes.pairCalls(),
          shapes.pairWcu());
    }
  }

  static String call(
      HttpApiHandler handler,
      String routeKey,
      Map<String, String> path,
      String body,
      String user,
      String group) {
    return HandlerCalls.call(handler, routeKey, path, Map.of(), body, user, group).getBody();
  }

  private static APIGatewayV2HTTPEvent event(
      String routeKey, Map<String, String> path, String body, String user, String group) {
    return HandlerCalls.event(routeKey, path, Map.of(), body, user, group);
  }
}
