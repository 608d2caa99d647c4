package fairslot.handler;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Lists that grow are paged like every list (issue 28, finding 7; v1.2): the audit trail and the
 * desk's parked notifications take {@code limit} and {@code cursor}, so every item can be reached
 * and no request reads a whole partition. Before, the audit read it all and the desk saw only the
 * first 100 parked items.
 */
class LongListsIT {
  private final ApiDriver api = new ApiDriver("longlists");

  private List<JsonNode> walk(String route, Consumer<fairslot.testing.Events.Builder> setup) {
    List<JsonNode> all = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      String from = cursor;
      Reply page =
          api.send(
              route,
              e -> {
                setup.accept(e);
                e.query("limit", "2");
                if (from != null) {
                  e.query("cursor", from);
                }
              });
      ApiDriver.expect(page, 200);
      assertThat(page.json().get("items").size()).isLessThanOrEqualTo(2);
      page.json().get("items").forEach(all::add);
      cursor = page.json().path("nextCursor").isTextual() ? page.text("nextCursor") : null;
      pages++;
    } while (cursor != null && pages < 50);
    return all;
  }

  @Test
  void aSlotsAuditTrailIsReadAPageAtATimeToTheEnd() {
    String slotId = api.openSlot("SEATS", 10, 0);
    for (int i = 0; i < 3; i++) {
      String id = api.book("m" + i, slotId, 1).text("bookingId");
      api.cancel("m" + i, id);
    }
    api.deliverSeatChanges(); // the seat audit runs on the table's stream
    Reply whole =
        api.send(
            "GET /audit",
            e -> e.as("admin-1", ADMIN).query("slotId", slotId).query("limit", "200"));

    List<JsonNode> paged = walk("GET /audit", e -> e.as("admin-1", ADMIN).query("slotId", slotId));

    assertThat(whole.json().get("items").size()).isGreaterThanOrEqualTo(6);
    List<JsonNode> expected = new ArrayList<>();
    whole.json().get("items").forEach(expected::add);
    assertThat(paged).containsExactlyElementsOf(expected);
  }

  @Test
  void theDeskReachesEveryParkedNotificationPageByPage() {
    api.notifications.failWhen(d -> true);
    List<String> slots = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      String slotId = api.openSlot("SEATS", 2, 0);
      ApiDriver.expect(api.book("p" + i, slotId, 1), 201); // free: confirmed, so notified
      slots.add(slotId);
    }
    for (int run = 0; run < 8; run++) {
      new ScheduledJobHandler(api.wiring).run("send-notifications");
      api.clock.advance(Duration.ofMinutes(10));
    }

    List<JsonNode> parked =
        walk("GET /staff/notifications", e -> e.as("desk", FRONTDESK).query("status", "PARKED"));

    assertThat(parked).hasSize(5);
    assertThat(parked.stream().map(n -> n.get("notificationId").asText()).distinct()).hasSize(5);
  }
}
