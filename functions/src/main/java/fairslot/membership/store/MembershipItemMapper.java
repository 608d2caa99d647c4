package fairslot.membership.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.kernel.Money;
import fairslot.membership.domain.Benefits;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPeriod;
import fairslot.membership.domain.MembershipPlan;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A membership plan's attributes (under its own key and its venue's; a plan never changes) and a
 * membership item ({@code MEMBER#<userId>}, {@code MEMBERSHIP#<id>}) with its plan's copy. A
 * membership the renewal job should look at carries {@code passDueShard}/{@code passDueAt} in the
 * {@value #DUE_FAMILY} family of the passes' due index (the table has no index to spare).
 */
final class MembershipItemMapper {
  static final String DUE_FAMILY = "MEMBERSHIPS";

  private MembershipItemMapper() {}

  static Map<String, AttributeValue> key(String userId, String membershipId) {
    return Attr.key(Keys.member(userId), Keys.membership(membershipId));
  }

  static Map<String, AttributeValue> planItem(MembershipPlan p, String pk, String sk) {
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(pk, sk));
    planAttributes(p, item);
    item.put("type", s("MEMBERSHIP_PLAN"));
    return item;
  }

  private static void planAttributes(MembershipPlan p, Map<String, AttributeValue> item) {
    item.put("planId", s(p.planId()));
    item.put("venueId", s(p.venueId()));
    item.put("name", s(p.name()));
    item.put("priceMinor", n(p.price().minor()));
    item.put("currency", s(p.price().currency()));
    item.put("period", s(p.period().name()));
    p.benefits().percentOff().ifPresent(v -> item.put("percentOff", n(v)));
    p.benefits().bookingWindowDays().ifPresent(v -> item.put("bookingWindowDays", n(v)));
    p.benefits().creditsPerPeriod().ifPresent(v -> item.put("creditsPerPeriod", n(v)));
    item.put("planCreatedAt", millis(p.createdAt()));
  }

  static MembershipPlan planFrom(Map<String, AttributeValue> item) {
    return new MembershipPlan(
        Attr.str(item, "planId"),
        Attr.str(item, "venueId"),
        Attr.str(item, "name"),
        new Money(Attr.num(item, "priceMinor"), Attr.str(item, "currency")),
        MembershipPeriod.valueOf(Attr.str(item, "period")),
        new Benefits(
            optionalInt(item, "percentOff"),
            optionalInt(item, "bookingWindowDays"),
            optionalInt(item, "creditsPerPeriod")),
        Attr.instant(item, "planCreatedAt"));
  }

  private static OptionalInt optionalInt(Map<String, AttributeValue> item, String name) {
    return item.containsKey(name) ? OptionalInt.of(Attr.integer(item, name)) : OptionalInt.empty();
  }

  /** The whole item, as {@code m} is (its due-index place included). */
  static Map<String, AttributeValue> toItem(Membership m) {
    Map<String, AttributeValue> item = new HashMap<>(key(m.userId(), m.membershipId()));
    planAttributes(m.plan(), item);
    item.putAll(state(m));
    item.put("type", s("MEMBERSHIP"));
    item.put("membershipId", s(m.membershipId()));
    item.put("userId", s(m.userId()));
    item.put("createdAt", millis(m.createdAt()));
    m.dueAt().ifPresent(at -> item.putAll(due(m, at)));
    return item;
  }

  /** What changes as it moves: status, flags, period, payment, failures, version. */
  static Map<String, AttributeValue> state(Membership m) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("status", s(m.status().name()));
    item.put("autoRenew", AttributeValue.fromBool(m.autoRenew()));
    item.put("cancelAtPeriodEnd", AttributeValue.fromBool(m.cancelAtPeriodEnd()));
    m.periodStart().ifPresent(at -> item.put("periodStart", millis(at)));
    m.periodEnd().ifPresent(at -> item.put("periodEnd", millis(at)));
    m.paymentNo().ifPresent(no -> item.put("paymentNo", s(no)));
    item.put("failedRenewals", n(m.failedRenewals()));
    item.put("version", n(m.version()));
    return item;
  }

  static Map<String, AttributeValue> due(Membership m, Instant at) {
    return Map.of(
        "passDueShard", s(Keys.shard(DUE_FAMILY, m.membershipId())), "passDueAt", millis(at));
  }

  static Membership fromItem(Map<String, AttributeValue> item) {
    return new Membership(
        Attr.str(item, "membershipId"),
        Attr.str(item, "userId"),
        planFrom(item),
        Membership.Status.valueOf(Attr.str(item, "status")),
        item.get("autoRenew").bool(),
        item.get("cancelAtPeriodEnd").bool(),
        Attr.optionalInstant(item, "periodStart"),
        Attr.optionalInstant(item, "periodEnd"),
        Attr.optionalString(item, "paymentNo"),
        Attr.integer(item, "failedRenewals"),
        Attr.num(item, "version"),
        Attr.instant(item, "createdAt"));
  }
}
