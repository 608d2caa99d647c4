package fairslot.member.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.member.domain.Channel;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The member-profile item, in the member's partition ({@code MEMBER#<userId>}, {@code PROFILE}).
 */
final class MemberProfileMapper {
  private MemberProfileMapper() {}

  static Map<String, AttributeValue> key(String userId) {
    return Attr.key(Keys.member(userId), "PROFILE");
  }

  static Map<String, AttributeValue> toItem(MemberProfile p) {
    Map<String, AttributeValue> item = new HashMap<>(key(p.userId()));
    item.put("type", s("MEMBER_PROFILE"));
    item.put("userId", s(p.userId()));
    p.name().ifPresent(v -> item.put("name", s(v)));
    p.email().ifPresent(v -> item.put("email", s(v)));
    p.phone().ifPresent(v -> item.put("phone", s(v.value())));
    // A list, not a set: DynamoDB has no empty set.
    item.put(
        "channels",
        AttributeValue.fromL(p.channels().stream().sorted().map(c -> s(c.name())).toList()));
    item.put("locale", s(p.locale()));
    item.put("version", n(p.version()));
    item.put("emailVerified", AttributeValue.fromBool(p.emailVerified()));
    item.put("phoneVerified", AttributeValue.fromBool(p.phoneVerified()));
    if (!p.linkedCustomers().isEmpty()) {
      item.put(
          "linkedCustomers", AttributeValue.fromSs(p.linkedCustomers().stream().sorted().toList()));
    }
    return item;
  }

  static MemberProfile fromItem(String userId, Map<String, AttributeValue> item) {
    if (item == null || item.isEmpty()) {
      return MemberProfile.blank(userId);
    }
    Set<Channel> channels = new HashSet<>();
    item.get("channels").l().forEach(v -> channels.add(Channel.valueOf(v.s())));
    Set<Channel> verified = new HashSet<>();
    if (flag(item, "emailVerified")) {
      verified.add(Channel.EMAIL);
    }
    boolean phoneVerified = flag(item, "phoneVerified");
    if (phoneVerified) {
      verified.add(Channel.SMS);
    }
    return new MemberProfile(
        userId,
        Attr.optionalString(item, "name"),
        Attr.optionalString(item, "email"),
        Attr.optionalString(item, "phone").map(Phone::new),
        channels,
        str(item, "locale"),
        Attr.num(item, "version"),
        // A v1.1 profile (no phoneVerified) linked walk-ins by a typed phone: those links are
        // not honoured; its phone must be proved again.
        phoneVerified && item.containsKey("linkedCustomers")
            ? Set.copyOf(item.get("linkedCustomers").ss())
            : Set.of(),
        verified);
  }

  private static boolean flag(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v != null && Boolean.TRUE.equals(v.bool());
  }
}
