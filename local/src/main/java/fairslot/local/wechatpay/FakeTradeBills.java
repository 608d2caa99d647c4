package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The fake's trade bills: {@code GET /v3/bill/tradebill?bill_date=} names a download URL and the
 * file's SHA1; the file lists the day's (China time) paid orders and finished refunds in WeChat's
 * CSV, each field prefixed by a backtick, then the totals. Tests may add or misstate lines.
 */
final class FakeTradeBills {
  private static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
  private static final String HEADER =
      "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,"
          + "货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,"
          + "商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";

  private final FakeWechatPay fake;
  private final Map<LocalDate, List<String[]>> extras = new ConcurrentHashMap<>();
  private final Map<String, Long> misstated = new ConcurrentHashMap<>();
  private final Set<String> omitted = ConcurrentHashMap.newKeySet();

  FakeTradeBills(FakeWechatPay fake) {
    this.fake = fake;
  }

  void extra(LocalDate day, String outTradeNo, long fen) {
    extras
        .computeIfAbsent(day, d -> new CopyOnWriteArrayList<>())
        .add(new String[] {outTradeNo, Long.toString(fen)});
  }

  void omit(String number) {
    omitted.add(number);
  }

  void misstate(String outTradeNo, long fen) {
    misstated.put(outTradeNo, fen);
  }

  FakeOrders.Answer describe(String query) {
    String date = param(query, "bill_date");
    LocalDate day;
    try {
      day = LocalDate.parse(date);
    } catch (RuntimeException e) {
      return FakeOrders.Answer.fail(400, "PARAM_ERROR", "bill_date must be yyyy-MM-dd");
    }
    byte[] file = csv(day).getBytes(StandardCharsets.UTF_8);
    ObjectNode out = Json.object();
    out.put("hash_type", "SHA1");
    out.put("hash_value", sha1(file));
    out.put("download_url", "https://api.mch.weixin.qq.com/v3/billdownload/file?token=" + day);
    return FakeOrders.Answer.ok(out);
  }

  FakeOrders.Answer file(String query) {
    return new FakeOrders.Answer(200, null, false, csv(LocalDate.parse(param(query, "token"))));
  }

  private String csv(LocalDate day) {
    List<String> rows = new ArrayList<>();
    rows.add(HEADER);
    long total = 0;
    for (Order o : fake.orders.values()) {
      if (o.paidAt != null
          && LocalDate.ofInstant(o.paidAt, CHINA).equals(day)
          && !omitted.contains(o.outTradeNo)) {
        long fen = misstated.getOrDefault(o.outTradeNo, o.total);
        rows.add(row(o.outTradeNo, "SUCCESS", fen, o.coupon, "", 0));
        total += fen;
      }
    }
    for (RefundOrder r : fake.refunds.values()) {
      if (r.status().equals("SUCCESS")
          && !omitted.contains(r.outRefundNo)
          && r.finishedAt != null
          && LocalDate.ofInstant(r.finishedAt, CHINA).equals(day)) {
        rows.add(row(r.order.outTradeNo, "REFUND", 0, 0, r.outRefundNo, r.refund));
      }
    }
    for (String[] e : extras.getOrDefault(day, List.of())) {
      rows.add(row(e[0], "SUCCESS", Long.parseLong(e[1]), 0, "", 0));
      total += Long.parseLong(e[1]);
    }
    rows.add("总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额");
    rows.add(
        "`"
            + (rows.size() - 2)
            + ",`"
            + yuan(total)
            + ",`0.00,`0.00,`0.00,`"
            + yuan(total)
            + ",`0.00");
    return String.join("\n", rows) + "\n";
  }

  /**
   * One trade: {@code fen} is the order's total (订单金额); a merchant coupon lowers what is settled
   * (应结订单金额) and shows as 代金券金额. WeChat's fee (手续费) is 0.6 % of what is settled.
   */
  private static String row(
      String outTradeNo, String state, long fen, long coupon, String refundNo, long refund) {
    String[] f = new String[27];
    Arrays.fill(f, "");
    f[0] = "2026-01-01 00:00:00";
    f[1] = FakeWechatPay.APP_ID;
    f[2] = FakeWechatPay.MCH_ID;
    f[5] = "4200000000" + Math.abs(outTradeNo.hashCode());
    f[6] = outTradeNo;
    f[8] = "JSAPI";
    f[9] = state;
    f[11] = "CNY";
    f[12] = yuan(fen - coupon);
    f[13] = yuan(coupon);
    f[15] = refundNo;
    f[16] = yuan(refund);
    f[19] = state.equals("REFUND") ? "SUCCESS" : "";
    f[22] = yuan(Math.round((fen - coupon) * 0.006));
    f[23] = "0.60%";
    f[24] = yuan(fen);
    f[25] = yuan(refund);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < f.length; i++) {
      b.append(i == 0 ? "" : ",").append('`').append(f[i]);
    }
    return b.toString();
  }

  private static String yuan(long fen) {
    return BigDecimal.valueOf(fen).movePointLeft(2).setScale(2).toPlainString();
  }

  private static String param(String query, String name) {
    if (query != null) {
      for (String pair : query.split("&")) {
        if (pair.startsWith(name + "=")) {
          return URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8);
        }
      }
    }
    return "";
  }

  private static String sha1(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
