package fairslot.messaging.wechatpay;

import fairslot.kernel.Money;
import fairslot.payment.app.StatementLine;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * WeChat Pay's trade bill (bill_type ALL) as statement lines. The bill is CSV with every field
 * prefixed by a backtick, a header row, one row per trade (交易状态 SUCCESS: money taken; REFUND: money
 * paid back), then the totals after a row starting 总交易单数. Amounts are in yuan.
 */
final class WechatTradeBill {
  static final int OUT_TRADE_NO = 6;
  static final int STATE = 9;
  static final int CURRENCY = 11;
  static final int SETTLED = 12;
  static final int OUT_REFUND_NO = 15;
  static final int REFUNDED = 16;

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
        lines.add(
            new StatementLine(
                StatementLine.Kind.REFUND, f[OUT_REFUND_NO], fen(f[REFUNDED], currency), row));
      } else {
        lines.add(
            new StatementLine(
                StatementLine.Kind.PAYMENT, f[OUT_TRADE_NO], fen(f[SETTLED], currency), row));
      }
    }
    return lines;
  }

  private static Money fen(String yuan, String currency) {
    return new Money(new BigDecimal(yuan).movePointRight(2).longValueExact(), currency);
  }
}
