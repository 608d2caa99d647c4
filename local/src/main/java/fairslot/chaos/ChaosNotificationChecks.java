package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import fairslot.notification.domain.Delivery;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The notification outbox's invariants after a chaos run, counted from the raw items. */
final class ChaosNotificationChecks {
  private ChaosNotificationChecks() {}

  /**
   * Last (it moves the clock): once every due notification is sent, each notice is dispatched, each
   * delivery is SENT, and each was handed to its channel exactly once, through conflicts, throttles
   * and lost responses. Deliveries to {@code erased} members are not counted: erasure deletes them.
   */
  static void check(ChaosWorld world, Set<String> erased, List<String> out) {
    world.drainNotifications();
    List<Map<String, AttributeValue>> items =
        world
            .dynamo
            .scanPaginator(r -> r.tableName(world.table).consistentRead(true))
            .items()
            .stream()
            .toList();
    int deliveries = 0;
    Set<String> written = new HashSet<>();
    Set<String> fellBack = new HashSet<>();
    for (var item : items) {
      if (is(item, "DELIVERY")) {
        written.add(s(item, "SK"));
      }
    }
    for (var item : items) {
      if (is(item, "DELIVERY") && "WECHAT".equals(s(item, "channel"))) {
        // a subscribe message goes through WeChat's fake, not the counted channels: SENT, or
        // FELL_BACK with its fall-back delivered like any other
        if ("FELL_BACK".equals(s(item, "status"))) {
          fellBack.add(s(item, "SK").substring(0, s(item, "SK").length() - "WECHAT".length()));
        } else if (!"SENT".equals(s(item, "status"))) {
          out.add("delivery " + s(item, "SK") + " " + s(item, "status") + " after draining");
        }
        continue;
      }
      if (is(item, "NOTIFICATION") && !"DISPATCHED".equals(s(item, "status"))) {
        out.add("notice " + s(item, "PK") + " still " + s(item, "status") + " after draining");
      }
      if (is(item, "DELIVERY") && !erased.contains(s(item, "PK").substring("MEMBER#".length()))) {
        deliveries++;
        if (!"SENT".equals(s(item, "status"))) {
          out.add("delivery " + s(item, "SK") + " " + s(item, "status") + " after draining");
        }
      }
    }
    for (String notice : fellBack) {
      if (!written.contains(notice + "SMS") && !written.contains(notice + "IN_APP")) {
        out.add("delivery " + notice + "WECHAT fell back to nothing");
      }
    }
    world.deliveriesHanded.forEach(
        (id, times) -> {
          if (times != 1) {
            out.add("delivery " + id + " handed to its channel " + times + " times");
          }
        });
    if (deliveries == 0) {
      out.add("no notification was delivered: the workload no longer exercises the outbox");
    }
    // An erased member's messages are deleted (issue 37): theirs are left out of the count.
    long handed =
        world.deliveriesHanded.keySet().stream()
            .filter(
                id ->
                    Delivery.Id.decode(id)
                        .map(d -> !erased.contains(d.about().userId()))
                        .orElse(true))
            .count();
    if (handed != deliveries) {
      out.add(deliveries + " deliveries written but " + handed + " handed to a channel");
    }
  }
}
