package fairslot.money.domain;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * What a payment pays for, one type per kind: a booking, a pass, a wallet top-up or a membership.
 * Checkout, settlement, disputes and statements ask this type, never a flag.
 */
public sealed interface Payable {
  /** The id of what is paid for. */
  String id();

  /** What kind of thing it is, as people read it: {@code booking}, {@code pass}. */
  String kind();

  /**
   * The attribute that names it wherever a payment travels: the stored item, the provider's
   * metadata, the local provider's notification.
   */
  default String idField() {
    return kind() + "Id";
  }

  /** A booking (its lead, for a booking of several slots). */
  record ForBooking(String bookingId) implements Payable {
    @Override
    public String id() {
      return bookingId;
    }

    @Override
    public String kind() {
      return "booking";
    }
  }

  /** A pass (a pack of sessions): paid, it becomes ACTIVE. */
  record ForPass(String passId) implements Payable {
    @Override
    public String id() {
      return passId;
    }

    @Override
    public String kind() {
      return "pass";
    }
  }

  /** A wallet top-up (v1.3 "One ledger"): paid, the wallet gets its plan's pay and bonus. */
  record ForTopUp(String topUpId) implements Payable {
    @Override
    public String id() {
      return topUpId;
    }

    @Override
    public String kind() {
      return "topUp";
    }
  }

  /** A membership's first period (v1.3 "Memberships"): paid, it becomes ACTIVE. */
  record ForMembership(String membershipId) implements Payable {
    @Override
    public String id() {
      return membershipId;
    }

    @Override
    public String kind() {
      return "membership";
    }
  }

  /**
   * {@code booking}, {@code pass}, {@code topUp} or {@code membership} applied to this, whichever
   * it is: every use answers for every kind, and a new kind does not compile until each use answers
   * for it too.
   */
  default <T> T match(
      Function<ForBooking, T> booking,
      Function<ForPass, T> pass,
      Function<ForTopUp, T> topUp,
      Function<ForMembership, T> membership) {
    if (this instanceof ForBooking b) {
      return booking.apply(b);
    }
    if (this instanceof ForTopUp t) {
      return topUp.apply(t);
    }
    if (this instanceof ForMembership m) {
      return membership.apply(m);
    }
    return pass.apply((ForPass) this);
  }

  /** What {@code field} names with {@code id}: a pass, a top-up, else a booking. */
  static Payable named(String field, String id) {
    return switch (field) {
      case "passId" -> new ForPass(id);
      case "topUpId" -> new ForTopUp(id);
      case "membershipId" -> new ForMembership(id);
      default -> new ForBooking(id);
    };
  }

  /** The one of {@code bookingId}, {@code passId} and {@code topUpId} that {@code has} finds. */
  static Optional<String> fieldOf(Predicate<String> has) {
    var named = Stream.of("bookingId", "passId", "topUpId", "membershipId").filter(has).toList();
    return named.size() == 1 ? Optional.of(named.get(0)) : Optional.empty();
  }
}
