package fairslot.payment.store;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.BookingItemMapper;
import fairslot.booking.store.BookingWrites;
import fairslot.kernel.Change;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletPart;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.WalletParts;
import fairslot.payment.app.PaymentStore.StartResult;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A booking's payment started, in one transaction on condition the booking is PENDING_PAY, in its
 * hold and without one: the payment with its links and, for a split payment (v1.3 {@code rest}),
 * the wallet part taken beside it. The store's {@code start}; its own file so each stays one job.
 */
final class PaymentStarts {

  private enum Action {
    BOOKING,
    LINKS,
    PAYMENT,
    WALLET
  }

  private final DynamoDbClient dynamo;
  private final PaymentWrites payments;
  private final PaymentLinks links;
  private final BookingWrites bookingWrites;
  private final RecordParts records;
  private final WalletParts walletParts;

  PaymentStarts(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.payments = new PaymentWrites(table);
    this.links = new PaymentLinks(table);
    this.bookingWrites = new BookingWrites(table);
    this.records = new RecordParts(table);
    this.walletParts = new WalletParts(table);
  }

  StartResult start(Booking b, Payment payment, Optional<WalletPart> part, Change change) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.BOOKING,
                bookingWrites.attachPayment(b.bookingId(), payment.paymentNo(), change.at()))
            .add(Action.PAYMENT, payment(payment))
            .add(
                PaymentAudits.payment(
                    records, payment.paymentNo(), "-", PaymentStatus.PENDING.name(), change))
            .addEach(Action.LINKS, links.of(payment));
    part.ifPresent(
        p -> {
          List<TransactWriteItem> taken = walletParts.take(p, change);
          // the first is the wallet's debit, on its balance: a spend meanwhile cancels the start
          tx.add(Action.WALLET, taken.get(0));
          taken.subList(1, taken.size()).forEach(tx::add);
          links.of(p.payment()).forEach(tx::add);
        });
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new StartResult.Started(payment);
    }
    Optional<Map<String, AttributeValue>> current = cancelled.get().oldItem(Action.BOOKING);
    if (cancelled.get().failed(Action.BOOKING) && current.isPresent()) {
      Booking now = BookingItemMapper.fromItem(current.get());
      if (now.status() == BookingStatus.PENDING_PAY
          && now.paymentNo().isPresent()
          && now.holdExpiresAt().map(d -> d.isAfter(change.at())).orElse(false)) {
        return new StartResult.AlreadyStarted(now.paymentNo().get());
      }
      return new StartResult.NotPayable(now);
    }
    if (cancelled.get().failed(Action.WALLET)) {
      return new StartResult.WalletMoved();
    }
    throw cancelled.get().exception();
  }

  private TransactWriteItem payment(Payment payment) {
    return payments.create(payment);
  }
}
