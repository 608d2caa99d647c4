package fairslot.payment.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletPart;
import fairslot.money.domain.WalletShare;
import fairslot.payment.app.PaymentStore;
import fairslot.payment.app.PaymentStore.SettleResult;
import fairslot.payment.app.PaymentStore.StartResult;
import fairslot.payment.app.Settlement;
import fairslot.testing.ContractFixtures;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A split payment's wallet part (v1.3 {@code rest}) through the ports alone, on the in-memory fakes
 * and on the DynamoDB adapters against moto and dynoxide: taken once with the rest's start, never
 * beyond the balance, and given back whole exactly once whichever of the rest's failure and the
 * hold's end comes first, however many race.
 */
public abstract class SplitPaymentContract {

  protected record Stores(
      CatalogStore catalog, BookingStore bookings, PaymentStore payments, WalletStore wallets) {}

  protected abstract Stores fresh();

  private BookingStore bookings;
  private PaymentStore payments;
  private WalletStore wallets;
  private ContractFixtures fixtures;
  private Slot slot;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    bookings = stores.bookings();
    payments = stores.payments();
    wallets = stores.wallets();
    fixtures = new ContractFixtures(stores.catalog(), bookings);
    slot = fixtures.slot(ResourceKind.SEATS, 40, 5000);
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  /** {@code user}'s wallet at the slot's venue holds 2,000 paid in and 1,000 bonus. */
  private void funded(String user) {
    WalletPlan plan =
        new WalletPlan(
            UUID.randomUUID().toString(), slot.venueId(), "Top", new Money(2000, "CNY"), 1000, NOW);
    assertThat(wallets.createPlan(plan, by("admin"))).isTrue();
    TopUp topUp =
        wallets
            .createTopUp(TopUp.unpaid(UUID.randomUUID().toString(), user, plan, NOW), by(user))
            .orElseThrow();
    Payment payment =
        new Payment(
            "t" + UUID.randomUUID().toString().replace("-", ""),
            new Payable.ForTopUp(topUp.topUpId()),
            user,
            plan.pay(),
            "local",
            PaymentStatus.PENDING,
            0,
            NOW,
            0,
            plan.pay());
    wallets.startPayment(topUp, payment, Optional.empty(), by(user));
    wallets.settlePayment(
        "paid-" + payment.paymentNo(),
        payment,
        wallets.findTopUp(user, topUp.topUpId()).orElseThrow(),
        PaymentCallback.Outcome.SUCCEEDED,
        by("provider"));
  }

  private Booking held(String user) {
    Booking b = ContractFixtures.booking(user, slot, 1);
    fixtures.place(b);
    return b;
  }

  private static Payment rest(Booking b, long minor) {
    return new Payment(
        "p" + UUID.randomUUID().toString().replace("-", ""),
        b.bookingId(),
        b.userId(),
        new Money(minor, "CNY"),
        "scripted",
        PaymentStatus.PENDING,
        0,
        NOW);
  }

  private WalletPart part(Booking b, Payment rest, WalletShare share) {
    Payment w =
        new Payment(
            "w" + UUID.randomUUID().toString().replace("-", ""),
            b.bookingId(),
            b.userId(),
            new Money(share.totalMinor(), "CNY"),
            "wallet",
            PaymentStatus.SUCCEEDED,
            0,
            NOW);
    return new WalletPart(rest.paymentNo(), w, share, slot.venueId());
  }

  private WalletShare balance(String user) {
    return wallets.walletsOf(user).get(0).balance();
  }

  private List<LedgerEntry> ledger(String user) {
    return wallets.ledger(user, slot.venueId(), new PageRequest(200, Optional.empty())).items();
  }

  private Booking now(Booking b) {
    return bookings.findBooking(b.bookingId()).orElseThrow();
  }

  private static <T> List<T> race(List<Callable<T>> calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(calls.size());
    CountDownLatch go = new CountDownLatch(1);
    List<Future<T>> answers = new ArrayList<>();
    for (Callable<T> call : calls) {
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return call.call();
              }));
    }
    go.countDown();
    List<T> out = new ArrayList<>();
    for (Future<T> f : answers) {
      out.add(f.get(2, TimeUnit.MINUTES));
    }
    pool.shutdown();
    return out;
  }

  @Test
  void sixteenRacingSplitStartsOfOneHoldStartOneRestAndTakeOnePart() throws Exception {
    funded("m");
    Booking b = held("m");
    List<Callable<StartResult>> starts = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      starts.add(
          () -> {
            Payment rest = rest(b, 2000);
            return payments.startSplit(
                b, rest, part(b, rest, new WalletShare(2000, 1000)), by("m"));
          });
    }

    List<StartResult> results = race(starts);

    assertThat(results).filteredOn(r -> r instanceof StartResult.Started).hasSize(1);
    String restNo = now(b).paymentNo().orElseThrow();
    assertThat(payments.walletPartOf(restNo)).map(WalletPart::isTaken).contains(true);
    assertThat(balance("m")).isEqualTo(new WalletShare(0, 0));
    assertThat(ledger("m")).extracting(LedgerEntry::kind).containsOnlyOnce(LedgerEntry.Kind.SPEND);
  }

  @Test
  void aSplitStartBeyondTheBalanceWritesNothing() {
    funded("m");
    Booking b = held("m");
    Payment rest = rest(b, 1000);

    StartResult started =
        payments.startSplit(b, rest, part(b, rest, new WalletShare(3000, 1000)), by("m"));

    assertThat(started).isEqualTo(new StartResult.WalletMoved());
    assertThat(now(b).paymentNo()).isEmpty();
    assertThat(payments.findPayment(rest.paymentNo())).isEmpty();
    assertThat(balance("m")).isEqualTo(new WalletShare(2000, 1000));
  }

  @Test
  void theRestsFailuresRacingTheHoldsEndGiveThePartBackExactlyOnce() throws Exception {
    funded("m");
    Booking b = held("m");
    Payment rest = rest(b, 2000);
    WalletPart part = part(b, rest, new WalletShare(2000, 1000));
    assertThat(payments.startSplit(b, rest, part, by("m"))).isInstanceOf(StartResult.Started.class);
    Booking started = now(b);
    List<Callable<Object>> calls = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      String eventId = "fail-" + i;
      calls.add(
          () -> payments.settle(new Settlement.Failed(eventId, rest, started, by("provider"))));
      calls.add(
          () ->
              bookings.release(
                  started,
                  BookingStatus.EXPIRED,
                  Change.expiry(started.holdExpiresAt().orElseThrow(), "sweep", "due")));
    }

    race(calls);

    assertThat(balance("m")).isEqualTo(new WalletShare(2000, 1000));
    assertThat(ledger("m"))
        .extracting(LedgerEntry::kind)
        .containsOnlyOnce(LedgerEntry.Kind.REFUND)
        .containsOnlyOnce(LedgerEntry.Kind.SPEND);
    assertThat(ledger("m").stream().mapToLong(LedgerEntry::deltaMinor).sum()).isEqualTo(3000);
    assertThat(payments.walletPartOf(rest.paymentNo()).orElseThrow().payment().status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(now(b).status()).isEqualTo(BookingStatus.EXPIRED);
  }

  @Test
  void aRevivalOfARestWhosePartWentBackIsNoSeatAndTakesNothing() {
    funded("m");
    Booking b = held("m");
    Payment rest = rest(b, 2000);
    payments.startSplit(b, rest, part(b, rest, new WalletShare(2000, 1000)), by("m"));
    Booking expired =
        ((BookingStore.ReleaseResult.Released)
                bookings.release(
                    now(b),
                    BookingStatus.EXPIRED,
                    Change.expiry(b.holdExpiresAt().orElseThrow(), "sweep", "due")))
            .booking();

    SettleResult revive =
        payments.settle(
            new Settlement.Revive(
                "late-1",
                rest,
                now(expired),
                bookings.calendars("m", b.calendarDays()),
                by("provider")));

    assertThat(revive).isEqualTo(new SettleResult.NoSeat());
    assertThat(now(b).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(balance("m")).isEqualTo(new WalletShare(2000, 1000));
  }

  @Test
  void aSuccessOfARestWhosePartWentBackWithItsFailureIsNoSeatAndMarksNothingPaid() {
    funded("m");
    Booking b = held("m");
    Payment rest = rest(b, 2000);
    payments.startSplit(b, rest, part(b, rest, new WalletShare(2000, 1000)), by("m"));
    payments.settle(new Settlement.Failed("no-1", rest, now(b), by("provider")));
    Payment failed = payments.findPayment(rest.paymentNo()).orElseThrow();

    SettleResult paid =
        payments.settle(new Settlement.MarkPaid("ok-2", failed, now(b), by("provider")));

    assertThat(paid).isEqualTo(new SettleResult.NoSeat());
    assertThat(now(b).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(balance("m")).isEqualTo(new WalletShare(2000, 1000));
  }

  @Test
  void theDeskPayingTheWholePriceGivesAStartedRestsPartBackInItsTransaction() {
    funded("m");
    Booking b = held("m");
    Payment rest = rest(b, 2000);
    payments.startSplit(b, rest, part(b, rest, new WalletShare(2000, 1000)), by("m"));
    Payment cash =
        new Payment(
            "c" + UUID.randomUUID().toString().replace("-", ""),
            b.bookingId(),
            "m",
            b.total(),
            "offline",
            PaymentStatus.SUCCEEDED,
            0,
            NOW);

    SettleResult paid =
        payments.settle(new Settlement.PaidOffline("desk-1", cash, now(b), by("desk")));

    assertThat(paid).isEqualTo(new SettleResult.Applied());
    assertThat(now(b).status()).isEqualTo(BookingStatus.PAID);
    assertThat(balance("m")).isEqualTo(new WalletShare(2000, 1000));
    assertThat(payments.walletPartOf(rest.paymentNo()).orElseThrow().payment().status())
        .isEqualTo(PaymentStatus.REFUNDED);
  }

  @Test
  void aPaidSplitBookingsRefundIsOwedByTheRestAndThePartInProportion() {
    funded("m");
    Booking b = held("m");
    Payment rest = rest(b, 2000);
    WalletPart part = part(b, rest, new WalletShare(2000, 1000));
    payments.startSplit(b, rest, part, by("m"));
    assertThat(payments.settle(new Settlement.MarkPaid("ok-1", rest, now(b), by("provider"))))
        .isEqualTo(new SettleResult.Applied());

    bookings.release(now(b), BookingStatus.REFUNDING, by("m"));

    assertThat(payments.findPayment(rest.paymentNo()).orElseThrow().refund().minor())
        .isEqualTo(2000);
    Payment w = payments.walletPartOf(rest.paymentNo()).orElseThrow().payment();
    assertThat(w.status()).isEqualTo(PaymentStatus.REFUNDING);
    assertThat(w.refund().minor()).isEqualTo(3000);
    assertThat(now(b).owedBack().minor()).isEqualTo(5000);
  }
}
