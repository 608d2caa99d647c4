package fairslot.notification.domain;

import fairslot.kernel.MessageText;
import fairslot.kernel.Money;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Currency;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The mini-program's subscribe-message templates, as the deployment configures them (the WeChat
 * secret's {@code subscribeTemplates}; docs/wechat.md): for each kind of notification, the
 * template's id, the mini-program page a tap opens, and which fact fills each of the template's
 * keys. A kind with no template goes by the member's other channels only.
 */
public record SubscribeTemplates(Map<Notification.Kind, Template> byKind) {
  public static final SubscribeTemplates NONE = new SubscribeTemplates(Map.of());
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

  /** The kinds a template may serve (v1.3). */
  public static final Set<Notification.Kind> KINDS =
      EnumSet.of(
          Notification.Kind.BOOKING_CONFIRMED,
          Notification.Kind.HOLD_EXPIRING,
          Notification.Kind.OFFER_MADE,
          Notification.Kind.SLOT_CANCELLED,
          Notification.Kind.REFUNDED);

  public SubscribeTemplates {
    byKind = byKind.isEmpty() ? Map.of() : new EnumMap<>(byKind);
    for (Notification.Kind kind : byKind.keySet()) {
      if (!KINDS.contains(kind)) {
        throw new IllegalArgumentException("no subscribe message is sent for " + kind);
      }
    }
  }

  /** What fills a template's key. */
  public enum Fact {
    VENUE,
    START,
    END,
    DEADLINE,
    AMOUNT,
    REASON,
    /** The booking's or the offer's id. */
    REF
  }

  /**
   * One template: its id (from the mini-program's admin console), the page a tap opens ({@code
   * {ref}} becomes the booking's or offer's id) and its keys in order, each with its fact.
   */
  public record Template(String templateId, String page, Map<String, Fact> data) {
    public Template {
      data = new LinkedHashMap<>(data);
    }
  }

  public Optional<Template> of(Notification.Kind kind) {
    return Optional.ofNullable(byKind.get(kind));
  }

  /** The kind a template id serves, if it is one of this deployment's. */
  public Optional<Notification.Kind> kindOf(String templateId) {
    return byKind.entrySet().stream()
        .filter(e -> e.getValue().templateId().equals(templateId))
        .map(Map.Entry::getKey)
        .findFirst();
  }

  /**
   * The message for {@code template}: subject the template id, body one line per key ({@code
   * key<TAB>value}) after the page's line, each value cut to what its key's type takes (thing 20,
   * phrase 5, character_string 32, name 10).
   */
  public static MessageText render(Template template, Notification about, MessageFacts f) {
    StringBuilder body =
        new StringBuilder("page\t").append(template.page().replace("{ref}", about.ref()));
    template
        .data()
        .forEach(
            (key, fact) ->
                body.append('\n').append(key).append('\t').append(cut(key, value(fact, about, f))));
    return new MessageText(template.templateId(), body.toString());
  }

  /** A rendered subscribe message read back: its template, page and fields, in order. */
  public record Message(String templateId, String page, Map<String, String> data) {}

  /** The message {@link #render} wrote, read back for the send. */
  public static Message read(MessageText text) {
    Map<String, String> data = new LinkedHashMap<>();
    String page = "";
    for (String line : text.body().split("\n")) {
      String[] kv = line.split("\t", 2);
      String value = kv.length > 1 ? kv[1] : "";
      if (kv[0].equals("page")) {
        page = value;
      } else {
        data.put(kv[0], value);
      }
    }
    return new Message(text.subject(), page, data);
  }

  private static String value(Fact fact, Notification about, MessageFacts f) {
    return switch (fact) {
      case VENUE -> f.venueName();
      case START -> time(f.slot().start(), f);
      case END -> time(f.slot().end(), f);
      case DEADLINE -> f.deadline().map(d -> time(d, f)).orElse("-");
      case AMOUNT -> f.amount().map(SubscribeTemplates::amount).orElse("-");
      case REASON -> f.reason().orElse("-");
      case REF -> about.ref();
    };
  }

  private static String time(Instant at, MessageFacts f) {
    return TIME.format(at.atZone(f.zone()));
  }

  /** One sign each, as WeChat's amount type takes (the JDK's root symbols are "JP¥", "US$"). */
  private static final Map<String, String> SIGNS =
      Map.of("CNY", "¥", "JPY", "¥", "USD", "$", "EUR", "€", "GBP", "£", "HKD", "$", "SGD", "$");

  /** WeChat's amount type: a currency sign and the amount ({@code ¥88.00}). */
  static String amount(Money m) {
    int digits;
    String sign;
    try {
      Currency currency = Currency.getInstance(m.currency());
      digits = Math.max(0, currency.getDefaultFractionDigits());
      sign = SIGNS.getOrDefault(m.currency(), currency.getSymbol(Locale.ROOT));
    } catch (IllegalArgumentException notIso) {
      digits = 2;
      sign = m.currency();
    }
    return sign + BigDecimal.valueOf(m.minor(), digits).toPlainString();
  }

  private static String cut(String key, String value) {
    String flat = value.replace('\n', ' ').replace('\t', ' ');
    int max =
        key.startsWith("thing")
            ? 20
            : key.startsWith("phrase")
                ? 5
                : key.startsWith("character_string") ? 32 : key.startsWith("name") ? 10 : 64;
    return flat.codePointCount(0, flat.length()) <= max
        ? flat
        : flat.substring(0, flat.offsetByCodePoints(0, max));
  }
}
