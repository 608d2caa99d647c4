package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.booking.domain.BookingStatus;
import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random sequences of everything that can happen to bookings, through the real handler and the
 * emulator. After every step the seat ledger balances, and every audited transition is one the
 * status machine allows (plus EXPIRED to PAID, the late payment that re-takes a free seat).
 */
class SeatAccountingIT {
  enum Action {
    BOOK,
    CANCEL,
    PAY_AND_SUCCEED,
    PAY_AND_FAIL,
    STAFF_PAY,
    CHECK_IN,
    STAFF_REFUND,
    REFUND_DONE,
    TIME_PASSES,
    SWEEP,
    NO_SHOWS
  }

  record Step(Action action, int member) {}

  @Provide
  Arbitrary<List<Step>> histories() {
    return Combinators.combine(Arbitraries.of(Action.class), Arbitraries.integers().between(0, 4))
        .as(Step::new)
        .list()
        .ofMinSize(10)
        .ofMaxSize(30);
  }

  @Property(tries = 12)
  void seatsBalanceAndEveryTransitionIsLegal(@ForAll("histories") List<Step> history) {
    ApiDriver api = new ApiDriver("ledger");
    String slotId = api.openSlot("SEATS", 3, 2000);
    Map<Integer, String> bookingOf = new HashMap<>();
    Map<Integer, String> paymentOf = new HashMap<>();
    for (Step step : history) {
      String member = "m" + step.member();
      String bookingId = bookingOf.get(step.member());
      switch (step.action()) {
        case BOOK -> {
          var r = api.book(member, slotId, 1 + step.member() % 2);
          if (r.status() == 201) {
            bookingOf.put(step.member(), r.text("bookingId"));
          }
          assertThat(r.status()).isIn(201, 409);
        }
        case CANCEL -> {
          if (bookingId != null) {
            assertThat(api.cancel(member, bookingId).status()).isIn(200, 409);
          }
        }
        case PAY_AND_SUCCEED, PAY_AND_FAIL -> {
          if (bookingId != null) {
            var r = api.pay(member, bookingId);
            if (r.status() == 200) {
              paymentOf.put(step.member(), r.text("paymentNo"));
              api.provider.report(
                  r.text("paymentNo"),
                  step.action() == Action.PAY_AND_SUCCEED ? "SUCCEEDED" : "FAILED");
            }
          }
        }
        case STAFF_PAY, CHECK_IN, STAFF_REFUND -> {
          if (bookingId != null) {
            String route =
                switch (step.action()) {
                  case STAFF_PAY -> "offline-payment";
                  case CHECK_IN -> "check-in";
                  default -> "refund";
                };
            var r =
                api.send(
                    "POST /staff/bookings/{bookingId}/" + route,
                    e -> e.as("desk", FRONTDESK).path("bookingId", bookingId));
            assertThat(r.status()).as(r.body()).isIn(200, 409);
          }
        }
        case REFUND_DONE -> {
          if (paymentOf.containsKey(step.member())) {
            api.provider.report(paymentOf.get(step.member()), "REFUNDED");
          }
        }
        case TIME_PASSES -> api.clock.advance(Duration.ofMinutes(8));
        case SWEEP -> new ScheduledJobHandler(api.wiring).run("sweep-holds");
        case NO_SHOWS -> new ScheduledJobHandler(api.wiring).run("no-shows");
      }
      SeatLedger.assertBalanced(Aws.dynamo(), api.table);
    }
    for (String bookingId : bookingOf.values()) {
      JsonNode audit =
          api.send("GET /audit", e -> e.as("a", ADMIN).query("bookingId", bookingId))
              .json()
              .get("items");
      for (JsonNode entry : audit) {
        String from = entry.get("from").asText();
        String to = entry.get("to").asText();
        if (from.equals("-") || from.equals(to)) {
          continue;
        }
        boolean lateRetake = from.equals("EXPIRED") && to.equals("PAID");
        assertThat(lateRetake || BookingStatus.valueOf(from).canMoveTo(BookingStatus.valueOf(to)))
            .as("%s -> %s in %s", from, to, audit)
            .isTrue();
      }
    }
  }
}
