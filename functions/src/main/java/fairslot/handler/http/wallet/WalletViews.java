package fairslot.handler.http.wallet;

import fairslot.handler.http.PaymentViews.PaymentView;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Wallet;
import fairslot.payment.app.WalletCloses;
import fairslot.wallet.domain.Liabilities;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.util.List;

/** Wallet plans, top-ups, wallets and ledger entries as the API shows them. */
final class WalletViews {
  private WalletViews() {}

  record PlanView(
      String planId, String venueId, String name, long payMinor, long bonusMinor, String currency) {
    static PlanView of(WalletPlan p) {
      return new PlanView(
          p.planId(), p.venueId(), p.name(), p.pay().minor(), p.bonusMinor(), p.pay().currency());
    }
  }

  /** A top-up bought, with its payment started as for a pass. */
  record TopUpView(
      String topUpId, String planId, String venueId, String status, PaymentView payment) {
    static TopUpView of(TopUp t, PaymentView payment) {
      return new TopUpView(t.topUpId(), t.plan().planId(), t.venueId(), t.status().name(), payment);
    }
  }

  record WalletView(
      String venueId, String currency, long principalMinor, long bonusMinor, long balanceMinor) {
    static WalletView of(Wallet w) {
      return new WalletView(
          w.venueId(),
          w.currency(),
          w.balance().principalMinor(),
          w.balance().bonusMinor(),
          w.balanceMinor());
    }
  }

  /**
   * A closed wallet: what goes back (and each refund of a top-up's payment), what was forfeited.
   */
  record ClosedView(
      String venueId,
      String currency,
      long refundedMinor,
      long forfeitedMinor,
      List<RefundView> refunds) {
    static ClosedView of(WalletCloses.Closed c) {
      return new ClosedView(
          c.venueId(),
          c.currency(),
          c.refundedMinor(),
          c.forfeitedMinor(),
          c.parts().stream()
              .map(
                  p ->
                      new RefundView(
                          p.paymentNo(), p.refundNo(), p.refund().minor(), p.status().name()))
              .toList());
    }
  }

  /**
   * A venue's liabilities at the end of a day: its one currency's sums at the top (the first of
   * several, rare), and every currency in {@code byCurrency}.
   */
  record LiabilitiesView(
      String venueId,
      String date,
      String currency,
      long walletPrincipalMinor,
      long walletBonusMinor,
      List<Liabilities.Owed> byCurrency) {
    static LiabilitiesView of(Liabilities l) {
      Liabilities.Owed first =
          l.byCurrency().isEmpty() ? new Liabilities.Owed(null, 0, 0) : l.byCurrency().get(0);
      return new LiabilitiesView(
          l.venueId(),
          l.date().toString(),
          first.currency(),
          first.walletPrincipalMinor(),
          first.walletBonusMinor(),
          l.byCurrency());
    }
  }

  record RefundView(String paymentNo, String refundNo, long amountMinor, String status) {}

  record EntryView(
      String kind,
      long amountMinor,
      long principalMinor,
      long bonusMinor,
      String currency,
      String ref,
      String at) {
    static EntryView of(LedgerEntry e) {
      return new EntryView(
          e.kind().name(),
          e.deltaMinor(),
          e.principalDeltaMinor(),
          e.bonusDeltaMinor(),
          e.currency(),
          e.ref(),
          e.at().toString());
    }
  }
}
