package fairslot.notification.domain;

import fairslot.kernel.MessageText;
import fairslot.kernel.Money;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Currency;
import java.util.Map;

/**
 * The words of every message, per kind and locale ({@link MemberProfile#LOCALES}). Times are shown
 * in the venue's zone and name it, so a member abroad reads the venue's clock. A template's
 * placeholders: {venue}, {start}, {end}, {deadline}, {amount}.
 */
public final class MessageTemplates {
  private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm");
  private static final DateTimeFormatter UNTIL = DateTimeFormatter.ofPattern("HH:mm");

  private record Template(String subject, String body) {}

  private static final Map<Notification.Kind, Template> EN =
      Map.of(
          Notification.Kind.BOOKING_CONFIRMED,
          new Template(
              "Booking confirmed: {venue}, {start}",
              "Your booking at {venue} on {start} to {end} is confirmed."),
          Notification.Kind.OFFER_MADE,
          new Template(
              "A place is free for you: {venue}, {start}",
              "A place opened at {venue} on {start} to {end}. It is held for you until {deadline};"
                  + " accept it before then or it goes to the next person in line."),
          Notification.Kind.OFFER_EXPIRED,
          new Template(
              "Your offer lapsed: {venue}, {start}",
              "The place offered to you at {venue} on {start} was not accepted in time and has"
                  + " gone to the next person in line."),
          Notification.Kind.HOLD_EXPIRING,
          new Template(
              "Pay by {deadline} to keep your place: {venue}",
              "Your place at {venue} on {start} is held until {deadline}. Pay before then or it is"
                  + " released."),
          Notification.Kind.BOOKING_REMINDER,
          new Template("Reminder: {venue}, {start}", "See you at {venue} on {start} to {end}."),
          Notification.Kind.SLOT_CANCELLED,
          new Template(
              "Cancelled by the venue: {venue}, {start}",
              "{venue} cancelled the session on {start}. Anything you paid is refunded."),
          Notification.Kind.REFUNDED,
          new Template(
              "Refund sent: {amount}",
              "{amount} is on its way back to you for {venue} on {start}."));

  private static final Map<Notification.Kind, Template> ZH_CN =
      Map.of(
          Notification.Kind.BOOKING_CONFIRMED,
          new Template("预订成功：{venue}，{start}", "您在{venue}的预订（{start} 至 {end}）已确认。"),
          Notification.Kind.OFFER_MADE,
          new Template(
              "有空位为您保留：{venue}，{start}",
              "{venue}（{start} 至 {end}）有空位为您保留至 {deadline}，请在此前接受，否则将让给下一位候补。"),
          Notification.Kind.OFFER_EXPIRED,
          new Template("候补名额已失效：{venue}，{start}", "为您保留的{venue}（{start}）名额未在期限内接受，已让给下一位候补。"),
          Notification.Kind.HOLD_EXPIRING,
          new Template(
              "请在 {deadline} 前付款：{venue}", "您在{venue}（{start}）的名额保留至 {deadline}，逾期未付款将被释放。"),
          Notification.Kind.BOOKING_REMINDER,
          new Template("预订提醒：{venue}，{start}", "别忘了您在{venue}的预订：{start} 至 {end}。"),
          Notification.Kind.SLOT_CANCELLED,
          new Template("场馆已取消：{venue}，{start}", "{venue}已取消 {start} 的场次，您支付的款项将全额退还。"),
          Notification.Kind.REFUNDED,
          new Template("退款已发出：{amount}", "{venue}（{start}）的退款 {amount} 已退回给您。"));

  /** The reason of a slot cancelled because too few had booked by its decision time. */
  public static final String UNDER_MINIMUM = "UNDER_MINIMUM";

  private static final Template EN_UNDER_MINIMUM =
      new Template(
          "Cancelled, too few participants: {venue}, {start}",
          "The session at {venue} on {start} did not reach the participants it needs, so it is"
              + " cancelled. Anything you paid is refunded.");

  private static final Template ZH_UNDER_MINIMUM =
      new Template("人数不足已取消：{venue}，{start}", "{venue} {start} 的场次未达到最低开课人数，已取消，您支付的款项将全额退还。");

  private MessageTemplates() {}

  /** The message for {@code kind} in {@code locale} (English for any other). */
  public static MessageText render(Notification.Kind kind, String locale, MessageFacts facts) {
    boolean zh = "zh-CN".equals(locale);
    Template t = (zh ? ZH_CN : EN).get(kind);
    if (kind == Notification.Kind.SLOT_CANCELLED
        && facts.reason().filter(UNDER_MINIMUM::equals).isPresent()) {
      t = zh ? ZH_UNDER_MINIMUM : EN_UNDER_MINIMUM;
    }
    return new MessageText(fill(t.subject(), facts), fill(t.body(), facts), facts.reason());
  }

  private static String fill(String template, MessageFacts f) {
    String zone = " (" + f.zone().getId() + ")";
    return template
        .replace("{venue}", f.venueName())
        .replace("{start}", show(f.slot().start(), f, WHEN) + zone)
        .replace("{end}", show(f.slot().end(), f, UNTIL))
        .replace(
            "{deadline}", f.deadline().map(d -> show(d, f, WHEN) + zone).orElse("the deadline"))
        .replace("{amount}", f.amount().map(MessageTemplates::amount).orElse(""));
  }

  private static String show(Instant at, MessageFacts f, DateTimeFormatter format) {
    return format.format(at.atZone(f.zone()));
  }

  /** 1250 EUR: "12.50 EUR"; a currency without minor units keeps its whole number. */
  static String amount(Money m) {
    int digits;
    try {
      digits = Math.max(0, Currency.getInstance(m.currency()).getDefaultFractionDigits());
    } catch (IllegalArgumentException notIso) {
      digits = 2;
    }
    return BigDecimal.valueOf(m.minor(), digits).toPlainString() + " " + m.currency();
  }
}
