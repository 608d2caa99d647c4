package fairslot.money.domain;

import java.util.function.Function;

/**
 * What a payment pays for, one type per kind: a booking or a pass (wallet top-ups and memberships
 * are next). Checkout, settlement, disputes and statements ask this type, never a flag.
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

  /**
   * {@code booking} or {@code pass} applied to this, whichever it is: every use answers for every
   * kind, and a new kind does not compile until each use answers for it too.
   */
  default <T> T match(Function<ForBooking, T> booking, Function<ForPass, T> pass) {
    if (this instanceof ForBooking b) {
      return booking.apply(b);
    }
    return pass.apply((ForPass) this);
  }

  /** What {@code field} names with {@code id}: {@code passId} a pass, else a booking. */
  static Payable named(String field, String id) {
    return "passId".equals(field) ? new ForPass(id) : new ForBooking(id);
  }
}
