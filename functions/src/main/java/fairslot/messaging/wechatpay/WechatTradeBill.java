package fairslot.messaging.wechatpay;

import fairslot.kernel.Money;
import fairslot.payment.app.StatementLine;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * WeChat Pay's trade bill (bill_type ALL) as statement lines. The bill is CSV with every field
 * prefixed by a backtick, a header row, one row per trade (交易状态 SUCCESS: money taken; REFUND: money
 * paid back), then the totals after a row starting 总交易单数. Amounts are in yuan.
 *
 * <p>A payment is matched on 订单金额, the order's total, which is what fairslot asked for: a merchant
 * coupon (免充值券) the payer used lowers 应结订单金额 (what the merchant settles) and shows as 代金券金额, and is
 * no mismatch (API.md v1.3). 应结订单金额, the fee (手续费) and the net are kept as the line's settled
 * figures.
 */
final class WechatTradeBill {
  static final int OUT_TRADE_NO = 6;
  static final int STATE = 9;
  static final int CURRENCY = 11;
  static final int SETTLED = 12;
  static final int OUT_REFUND_NO = 15;
  static final int REFUNDED = 16;
  static final int FEE = 22;
  static final int ORDER_TOTAL = 24;

  private WechatTradeBill() {}

  static List<StatementLine> parse(String csv) {
    List<StatementLine> lines = new ArrayList<>();
    String[] rows = csv.replace("\r", "").split("\n");
    for (int i = 1; i < rows.length; i++) {
      String row = rows[i];
      if (row.startsWith("总交易单数")) {
        break;
      }
      if (row.isBlank()) {
        continue;
      }
      String[] f = row.split(",", -1);
      for (int k = 0; k < f.length; k++) {
        f[k] = f[k].startsWith("`") ? f[k].substring(1) : f[k];
      }
      String currency = f[CURRENCY].isEmpty() ? WechatPayProvider.CNY : f[CURRENCY];
      if (f[STATE].equals("REFUND")) {
        Money refunded = fen(f[REFUNDED], currency);
        lines.add(
            new StatementLine(
                StatementLine.Kind.REFUND,
                f[OUT_REFUND_NO],
                refunded,
                row,
                Optional.of(settled(currency, -refunded.minor(), 0))));
      } else {
        Money settled = fen(f[SETTLED], currency);
        Money ordered = field(f, ORDER_TOTAL).map(y -> fen(y, currency)).orElse(settled);
        long fee = field(f, FEE).map(y -> fen(y, currency).minor()).orElse(0L);
        lines.add(
            new StatementLine(
                StatementLine.Kind.PAYMENT,
                f[OUT_TRADE_NO],
                ordered,
                row,
                Optional.of(settled(currency, settled.minor(), fee))));
      }
    }
    return lines;
  }

  private static StatementLine.Settled settled(String currency, long amount, long fee) {
    return new StatementLine.Settled(currency, amount, fee, amount - fee);
  }

  /** A column older bills may lack, or leave empty. */
  private static Optional<String> field(String[] f, int at) {
    return at < f.length && !f[at].isBlank() ? Optional.of(f[at]) : Optional.empty();
  }

  private static Money fen(String yuan, String currency) {
    return new Money(new BigDecimal(yuan).movePointRight(2).longValueExact(), currency);
  }
}
