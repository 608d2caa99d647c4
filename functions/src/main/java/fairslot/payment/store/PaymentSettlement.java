package fairslot.payment.store;

import static fairslot.table.Attr.s;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.BookingWrites;
import fairslot.kernel.Change;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletPart;
import fairslot.money.store.ExceptionWrites;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.WalletParts;
import fairslot.notification.domain.Notification;
import fairslot.notification.store.NoticeWrites;
import fairslot.payment.app.PaymentStore.SettleResult;
import fairslot.payment.app.Settlement;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A provider's (or the desk's) outcome applied to a payment and its booking in one transaction: the
 * event remembered (a replay fails there), the payment and booking moved on condition they are as
 * seen, a late payment's revival or refund, the exception it raises and the notice it sends. The
 * store's {@code settle}; its own file so each stays one job.
 */
final class PaymentSettlement {

  /** The named actions of a settlement: a cancellation is read by these. */
  enum Action {
    CALENDAR,
    COUNTERPART,
    COUPON,
    EVENT,
    EXCEPTION,
    GUARD,
    SEATS,
    STANDING,
    UPCOMING,
    WALLET,
    WALLET_PART
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final BookingWrites bookingWrites;
  private final PaymentWrites payments;
  private final RecordParts records;
  private final NoticeWrites notices;
  private final ExceptionWrites exceptions;
  private final WalletSettlements wallets;
  private final OtherLines lines;
  private final Revivals revivals;
  private final WalletParts walletParts;

  PaymentSettlement(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.bookingWrites = new BookingWrites(table);
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
    this.notices = new NoticeWrites(table);
    this.exceptions = new ExceptionWrites(table);
    this.wallets = new WalletSettlements(dynamo, table);
    this.lines = new OtherLines(dynamo, table);
    this.revivals = new Revivals(table);
    this.walletParts = new WalletParts(table);
  }

  SettleResult settle(Settlement s) {
    // "event" remembers the provider's event id: a replay fails exactly there.
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.EVENT,
                payments.rememberPaymentEvent(
                    s.eventId(), s.payment().paymentNo(), s.change().at()));
    if (s instanceof Settlement.MarkPaid m) {
      // a split payment's rest buys the booking only with its wallet part still taken (a failure
      // gave it back: a success after it is sent back)
      Optional<WalletPart> part = wallets.part(s);
      if (part.isPresent() && !part.get().isTaken()) {
        return new SettleResult.NoSeat();
      }
      part.ifPresent(w -> tx.add(Action.WALLET_PART, walletParts.stillTaken(w)));
      // From PENDING, or from FAILED when a success follows a failure (finance is told).
      tx.add(payments.move(m.payment(), m.payment().status(), PaymentStatus.SUCCEEDED, false));
      tx.add(
          bookingWrites.move(
              m.booking(),
              BookingStatus.PAID,
              s.change(),
              "paymentNo = :p",
              "",
              Map.of(":p", s(m.payment().paymentNo()))));
      tx.add(
          records.auditBooking(
              m.booking().bookingId(),
              m.booking().version(),
              m.booking().status().name(),
              BookingStatus.PAID.name(),
              s.change()));
      lines.move(tx, m.booking(), m.booking().status(), BookingStatus.PAID, s.change());
    } else if (s instanceof Settlement.Revive r) {
      Optional<WalletPart> part = wallets.part(s);
      if (part.isPresent() && !part.get().isTaken()) {
        return new SettleResult.NoSeat(); // its wallet part went back with the hold: refund it
      }
      revivals.add(tx, r);
      part.ifPresent(w -> tx.add(Action.WALLET_PART, walletParts.stillTaken(w)));
    } else if (s instanceof Settlement.RefundLate l) {
      wallets.giveBackPart(tx, Action.WALLET_PART, s);
      tx.add(
          payments.requestRefund(
              l.payment().paymentNo(),
              l.payment().status().name(),
              s.change().at(),
              l.payment().amount()));
      tx.add(
          records.noteOnBooking(l.booking().bookingId(), l.booking().status().name(), s.change()));
    } else if (s instanceof Settlement.Failed f) {
      wallets.giveBackPart(tx, Action.WALLET_PART, s);
      tx.add(payments.move(f.payment(), PaymentStatus.PENDING, PaymentStatus.FAILED, false));
      // A booking that names another payment (the desk's, paid meanwhile) keeps it: only the
      // payment fails. One that named this one forgets it, on condition it still does.
      if (f.booking().paymentNo().map(f.payment().paymentNo()::equals).orElse(true)) {
        tx.add(bookingWrites.forgetPayment(f.booking().bookingId(), f.payment().paymentNo()));
      }
    } else if (s instanceof Settlement.PaidOffline o) {
      paidHere(tx, o.payment(), o.booking(), s.change());
      wallets.giveBackPartOfStarted(tx, Action.WALLET_PART, o.booking().paymentNo(), s);
    } else if (s instanceof Settlement.PaidFromWallet w) {
      paidHere(tx, w.payment(), w.booking(), s.change());
      wallets.pay(tx, Action.WALLET, w);
    } else if (s instanceof Settlement.Refunded r) {
      tx.add(payments.move(r.payment(), PaymentStatus.REFUNDING, PaymentStatus.REFUNDED, true));
      // A pass's refund moves only its payment: its credits were voided when it was made.
      if (r.subject() instanceof Settlement.Subject.OfBooking of && namesIt(of.booking(), r)) {
        refundedBooking(tx, r, of.booking());
      }
      wallets.refund(tx, r);
    } else if (s instanceof Settlement.RefundGivenUp g) {
      tx.add(
          payments.move(g.payment(), PaymentStatus.REFUNDING, PaymentStatus.REFUND_FAILED, true));
      if (g.subject() instanceof Settlement.Subject.OfBooking of && namesIt(of.booking(), g)) {
        addBookingMoveIfRefunding(
            tx, g.payment(), of.booking(), BookingStatus.REFUND_FAILED, s.change());
      }
    }
    return finish(tx, s);
  }

  /**
   * Only the booking's own payment ends its refund: a split payment's wallet part, or a late
   * payment sent back, refunds its money and leaves the booking to its payment.
   */
  private static boolean namesIt(Booking booking, Settlement s) {
    return booking.paymentNo().map(s.payment().paymentNo()::equals).orElse(false);
  }

  /**
   * A payment taken here (at the desk, from the wallet): written SUCCEEDED with its links, and
   * PENDING_PAY to PAID with every line, together.
   */
  private void paidHere(Transaction<Action> tx, Payment payment, Booking booking, Change change) {
    tx.add(payments.create(payment));
    new PaymentLinks(table).of(payment).forEach(tx::add);
    tx.add(
        bookingWrites.move(
            booking,
            BookingStatus.PAID,
            change,
            "paymentNo = :p",
            "",
            Map.of(":p", s(payment.paymentNo()))));
    tx.add(
        records.auditBooking(
            booking.bookingId(),
            booking.version(),
            booking.status().name(),
            BookingStatus.PAID.name(),
            change));
    lines.move(tx, booking, booking.status(), BookingStatus.PAID, change);
  }

  /** A booking's refund settled: a REFUNDING booking ends, and the member is told once. */
  private void refundedBooking(Transaction<Action> tx, Settlement.Refunded r, Booking booking) {
    addBookingMoveIfRefunding(tx, r.payment(), booking, BookingStatus.REFUNDED, r.change());
    if (!r.payment().isPart()) {
      // A part (a reschedule's difference) has no notice of its own: the REFUNDED notice is the
      // booking's, once, and tells the booking's refund; the move's answer told the difference.
      tx.add(
          notices.notify(
              new Notification(
                  booking.userId(),
                  booking.slotId(),
                  Notification.Kind.REFUNDED,
                  booking.bookingId()),
              r.change().at()));
    }
  }

  /** The exception, the confirmation notice and the payment's audit; then the commit, read. */
  private SettleResult finish(Transaction<Action> tx, Settlement s) {
    s.raises().ifPresent(e -> tx.add(Action.EXCEPTION, exceptions.open(e)));
    PaymentStatus after = Settlements.statusAfter(s);
    // A payment's success confirms its booking; so does the desk's (the payment it writes is
    // SUCCEEDED already).
    if (after == PaymentStatus.SUCCEEDED
        && (s.payment().status() != PaymentStatus.SUCCEEDED
            || s instanceof Settlement.PaidOffline
            || s instanceof Settlement.PaidFromWallet)
        && !(s instanceof Settlement.NoteOnly)) {
      Booking paid = Settlements.paidBooking(s);
      tx.add(
          notices.bookingConfirmed(
              paid.userId(), paid.slotId(), paid.bookingId(), s.change().at()));
    }
    String before =
        s instanceof Settlement.PaidOffline || s instanceof Settlement.PaidFromWallet
            ? "-"
            : s.payment().status().name();
    tx.add(
        s.payment().isPart()
            ? PaymentAudits.part(
                records,
                s.payment().paymentNo(),
                s.payment().refundPart(),
                before,
                after.name(),
                s.change())
            : PaymentAudits.payment(
                records, s.payment().paymentNo(), before, after.name(), s.change()));

    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new SettleResult.Applied();
    }
    Transaction.Cancelled<Action> reasons = cancelled.get();
    if (reasons.failed(Action.EVENT) || reasons.failed(Action.EXCEPTION)) {
      return new SettleResult.Duplicate();
    }
    if (reasons.failed(Action.WALLET)) {
      return new SettleResult.ShortOfFunds();
    }
    if (reasons.failed(Action.WALLET_PART)) {
      // a revival's or payment's part went back meanwhile (the money goes back); else it was
      // given back by another: read again
      return s instanceof Settlement.Revive || s instanceof Settlement.MarkPaid
          ? new SettleResult.NoSeat()
          : new SettleResult.Stale();
    }
    if (reasons.failed(Action.SEATS)
        || reasons.failedAny(Action.COUNTERPART)
        || reasons.failed(Action.GUARD)
        || reasons.failed(Action.UPCOMING)
        || reasons.failed(Action.STANDING)
        || reasons.failedAny(Action.COUPON)) {
      return new SettleResult.NoSeat(); // cannot be booked again: the money goes back
    }
    // Contention, a move under us, or a calendar that merely moved: all worth another look (a
    // calendar clash is judged by the caller when it decides again).
    return new SettleResult.Stale();
  }

  /**
   * A REFUNDING booking ends with its payment's own refund; a refund part (a reschedule's
   * difference) settling meanwhile leaves it refunding.
   */
  private void addBookingMoveIfRefunding(
      Transaction<Action> tx, Payment p, Booking b, BookingStatus to, Change change) {
    if (p.isPart()) {
      return;
    }
    if (b.status() == BookingStatus.REFUNDING) {
      tx.add(bookingWrites.move(b, to, change, "", "", Map.of()));
      tx.add(
          records.auditBooking(b.bookingId(), b.version(), b.status().name(), to.name(), change));
    }
    // a booking of several slots: its lines refunding end too (the lead may have been cancelled
    // alone, its slot cancelled, before the rest was)
    lines.move(tx, b, BookingStatus.REFUNDING, to, change);
  }
}
