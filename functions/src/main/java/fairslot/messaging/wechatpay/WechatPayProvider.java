package fairslot.messaging.wechatpay;

import com.wechat.pay.java.core.auth.WechatPay2Validator;
import com.wechat.pay.java.core.cipher.Signer;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.WechatPayException;
import com.wechat.pay.java.service.billdownload.BillDownloadService;
import com.wechat.pay.java.service.billdownload.model.BillType;
import com.wechat.pay.java.service.billdownload.model.GetTradeBillRequest;
import com.wechat.pay.java.service.billdownload.model.QueryBillEntity;
import com.wechat.pay.java.service.payments.jsapi.JsapiService;
import com.wechat.pay.java.service.payments.jsapi.model.Amount;
import com.wechat.pay.java.service.payments.jsapi.model.CloseOrderRequest;
import com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest;
import com.wechat.pay.java.service.payments.jsapi.model.QueryOrderByOutTradeNoRequest;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import fairslot.kernel.Refusal;
import fairslot.kernel.Unavailable;
import fairslot.money.domain.AbnormalRefund;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.app.PaymentProvider;
import fairslot.payment.app.StatementLine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * WeChat Pay APIv3 for mini-programs (JSAPI), public-key mode, through the official SDK's services.
 * The payment number is the {@code out_trade_no}, the refund number the {@code out_refund_no}:
 * WeChat keys orders and refunds by them, so asking again reopens, never duplicates.
 */
public final class WechatPayProvider implements PaymentProvider {
  public static final String NAME = "wechatpay";
  static final String CNY = "CNY";

  /** RFC 3339 in China's offset, as WeChat writes {@code time_expire}. */
  private static final DateTimeFormatter EXPIRE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX").withZone(ZoneOffset.ofHours(8));

  private final WechatPayConfig config;
  private final Clock clock;
  private final Signer signer;
  private final JsapiService jsapi;
  private final RefundService refunds;
  private final BillDownloadService bills;
  private final JdkWechatHttpClient http;
  private final WechatAbnormalRefunds abnormal;
  private final SecureRandom random = new SecureRandom();

  WechatPayProvider(WechatPayConfig config, Clock clock, Merchant merchant, PlatformKeys keys) {
    this.config = config;
    this.clock = clock;
    this.signer = merchant.signer();
    // responses are verified with every platform key trusted, chosen by Wechatpay-Serial
    JdkWechatHttpClient http =
        new JdkWechatHttpClient(
            merchant.credential(), new WechatPay2Validator(keys), config.apiBase());
    this.jsapi = new JsapiService.Builder().httpClient(http).build();
    this.refunds = new RefundService.Builder().httpClient(http).build();
    this.bills =
        new BillDownloadService.Builder().httpClient(http).decryptor(merchant.decryptor()).build();
    this.http = http;
    this.abnormal = new WechatAbnormalRefunds(refunds, http, keys);
  }

  @Override
  public RefundAttempt applyAbnormalRefund(Payment payment, String refundNo, AbnormalRefund to) {
    return abnormal.apply(refundNo, to);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean answersQueries() {
    return true;
  }

  @Override
  public Optional<Refusal> refuses(Payer payer) {
    if (payer.wechatOpenId().isEmpty()) {
      return Optional.of(Refusal.WECHAT_NOT_LINKED);
    }
    // WeChat Pay's JSAPI takes fen only; a venue priced in another currency cannot use it.
    return payer.amount().currency().equals(CNY)
        ? Optional.empty()
        : Optional.of(Refusal.PROVIDER_UNAVAILABLE);
  }

  /** WeChat charges CNY from ¥0.01: one fen. */
  @Override
  public Optional<Long> minimumMinor(String currency) {
    return currency.equals(CNY) ? Optional.of(1L) : Optional.empty();
  }

  /** Prepays (WeChat answers the same prepay_id for the same order) and signs the client's call. */
  @Override
  public Map<String, Object> start(Payment payment, Payer payer) {
    PrepayRequest prepay = new PrepayRequest();
    prepay.setAppid(config.appId());
    prepay.setMchid(config.mchId());
    prepay.setDescription(payer.description());
    prepay.setOutTradeNo(payment.paymentNo());
    prepay.setNotifyUrl(config.notifyUrl());
    prepay.setAttach(WechatPayNotices.attach(payment));
    payer.deadline().ifPresent(d -> prepay.setTimeExpire(EXPIRE.format(d)));
    Amount amount = new Amount();
    amount.setTotal(Math.toIntExact(payment.amount().minor()));
    amount.setCurrency(CNY);
    prepay.setAmount(amount);
    com.wechat.pay.java.service.payments.jsapi.model.Payer who =
        new com.wechat.pay.java.service.payments.jsapi.model.Payer();
    who.setOpenid(payer.wechatOpenId().orElseThrow());
    prepay.setPayer(who);
    String prepayId;
    try {
      prepayId = jsapi.prepay(prepay).getPrepayId();
    } catch (WechatPayException e) {
      // The payment stands, PENDING: paying again prepays the same out_trade_no, never a second.
      throw new Unavailable("WeChat Pay did not open the order; try again", e);
    }
    String timeStamp =
        Long.toString(clock.instant().truncatedTo(ChronoUnit.SECONDS).getEpochSecond());
    String nonce = nonce();
    String pkg = "prepay_id=" + prepayId;
    String message = config.appId() + "\n" + timeStamp + "\n" + nonce + "\n" + pkg + "\n";
    Map<String, Object> client = new LinkedHashMap<>();
    client.put("appId", config.appId());
    client.put("timeStamp", timeStamp);
    client.put("nonceStr", nonce);
    client.put("package", pkg);
    client.put("signType", "RSA");
    client.put("paySign", signer.sign(message).getSign());
    return client;
  }

  /** ORDERPAID: the payer paid before the close, a late payment that the query then applies. */
  @Override
  public Closing close(Payment payment) {
    CloseOrderRequest close = new CloseOrderRequest();
    close.setMchid(config.mchId());
    close.setOutTradeNo(payment.paymentNo());
    try {
      jsapi.closeOrder(close);
      return Closing.CLOSED;
    } catch (ServiceException e) {
      return "ORDERPAID".equals(e.getErrorCode()) ? Closing.PAID : Closing.UNKNOWN;
    } catch (WechatPayException | IllegalArgumentException e) {
      return Closing.UNKNOWN;
    }
  }

  @Override
  public Optional<PaymentCallback> query(Payment payment) {
    QueryOrderByOutTradeNoRequest query = new QueryOrderByOutTradeNoRequest();
    query.setMchid(config.mchId());
    query.setOutTradeNo(payment.paymentNo());
    Transaction t;
    try {
      t = jsapi.queryOrderByOutTradeNo(query);
    } catch (ServiceException e) {
      return Optional.empty(); // ORDER_NOT_EXIST: the prepay never arrived; nothing was paid
    }
    return WechatPayNotices.ofTransaction(t, payment, config);
  }

  @Override
  public RefundAttempt refund(Payment payment, String refundNo) {
    CreateRequest create = new CreateRequest();
    create.setOutTradeNo(payment.paymentNo());
    create.setOutRefundNo(refundNo);
    create.setNotifyUrl(config.notifyUrl());
    AmountReq amount = new AmountReq();
    amount.setRefund(payment.refund().minor());
    amount.setTotal(payment.amount().minor());
    amount.setCurrency(CNY);
    create.setAmount(amount);
    try {
      refunds.create(create);
      return RefundAttempt.ACCEPTED; // PROCESSING; the notification or a query finishes it
    } catch (ServiceException e) {
      return refusal(e.getHttpStatusCode(), e.getErrorCode());
    }
  }

  /**
   * WeChat's refund errors (申请退款 error codes): a short balance, a rate limit or WeChat's own error
   * passes, and the same out_refund_no may be sent again; any other refusal (PARAM_ERROR,
   * INVALID_REQUEST, NO_AUTH, SIGN_ERROR, ...) would be refused the same way every time.
   */
  static RefundAttempt refusal(int status, String code) {
    String named = code == null || code.isBlank() ? "HTTP_" + status : code;
    return status >= 500 || RETRY_LATER.contains(named)
        ? new RefundAttempt.RetryLater(named)
        : new RefundAttempt.Refused(named);
  }

  private static final Set<String> RETRY_LATER =
      Set.of("NOT_ENOUGH", "FREQUENCY_LIMITED", "SYSTEM_ERROR");

  @Override
  public Optional<PaymentCallback> queryRefund(Payment payment, String refundNo) {
    QueryByOutRefundNoRequest query = new QueryByOutRefundNoRequest();
    query.setOutRefundNo(refundNo);
    Refund r;
    try {
      r = refunds.queryByOutRefundNo(query);
    } catch (ServiceException e) {
      return Optional.empty();
    }
    return WechatPayNotices.ofRefund(
        r.getOutTradeNo(),
        r.getOutRefundNo(),
        r.getStatus() == null ? "" : r.getStatus().name(),
        r.getAmount() == null ? 0 : r.getAmount().getRefund(),
        payment);
  }

  @Override
  public ZoneId statementZone() {
    return ZoneId.of("Asia/Shanghai");
  }

  /** The day's trade bill, its SHA1 checked against the one WeChat named with the download. */
  @Override
  public Optional<List<StatementLine>> statement(LocalDate day) {
    var request = new GetTradeBillRequest();
    request.setBillDate(day.toString());
    request.setBillType(BillType.ALL);
    QueryBillEntity bill;
    try {
      bill = bills.getTradeBill(request);
    } catch (ServiceException e) {
      if ("NO_STATEMENT_EXIST".equals(e.getErrorCode())) {
        return Optional.of(List.of()); // no trade that day
      }
      throw new Unavailable("WeChat Pay gave no trade bill: " + e.getErrorCode(), e);
    } catch (WechatPayException e) {
      throw new Unavailable("WeChat Pay gave no trade bill", e);
    }
    byte[] file;
    try (InputStream in = http.download(bill.getDownloadUrl())) {
      file = in.readAllBytes();
    } catch (IOException | WechatPayException e) {
      throw new Unavailable("the trade bill did not download", e);
    }
    String sha1;
    try {
      sha1 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(file));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    if (!sha1.equalsIgnoreCase(bill.getHashValue())) {
      throw new Unavailable("the trade bill's hash does not match", null);
    }
    return Optional.of(WechatTradeBill.parse(new String(file, StandardCharsets.UTF_8)));
  }

  private String nonce() {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }
}
