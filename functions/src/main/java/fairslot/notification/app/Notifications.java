package fairslot.notification.app;

import fairslot.kernel.Attachment;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.kernel.MessageText;
import fairslot.member.app.MemberProfileStore;
import fairslot.member.domain.Channel;
import fairslot.member.domain.IcsFeed;
import fairslot.member.domain.MemberProfile;
import fairslot.notification.app.NotificationSender.SendOutcome;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.MessageFacts;
import fairslot.notification.domain.MessageTemplates;
import fairslot.notification.domain.Notification;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The send-notifications job. A notice becomes one delivery per channel the member chose (written
 * once, in one transaction, with its words rendered in the member's locale), and each delivery is
 * sent through its channel with exponential backoff, then parked for staff after {@link
 * #MAX_ATTEMPTS} failed tries. Every try is claimed first (a conditional write), so runs that
 * overlap send each delivery once. A notice with a subscribe-message template, to a member WeChat
 * knows, goes as a WeChat delivery in place of SMS and in-app; when WeChat cannot take it (no send
 * left, 43101, an error, or its last try failed) it falls back to the verified phone, else in-app,
 * and the WeChat delivery is kept as FELL_BACK with why.
 */
public final class Notifications {
  public static final int MAX_ATTEMPTS = 5;

  private static final String JOB = "send-notifications";

  /**
   * How long a run holds a delivery it is sending: far more than one SES or SNS call takes, so
   * overlapping runs (a slow run, a duplicate schedule event) never send the same delivery twice.
   */
  static final Duration LEASE = Duration.ofMinutes(2);

  private final NotificationStore store;
  private final NotificationSender sender;
  private final MemberProfileStore profiles;
  private final MessageFactsReader facts;
  private final WechatNotices wechat;
  private final Clock clock;

  public Notifications(
      NotificationStore store,
      NotificationSender sender,
      MemberProfileStore profiles,
      MessageFactsReader facts,
      Clock clock) {
    this(store, sender, profiles, facts, WechatNotices.NONE, clock);
  }

  public Notifications(
      NotificationStore store,
      NotificationSender sender,
      MemberProfileStore profiles,
      MessageFactsReader facts,
      WechatNotices wechat,
      Clock clock) {
    this.wechat = wechat;
    this.store = store;
    this.sender = sender;
    this.profiles = profiles;
    this.facts = facts;
    this.clock = clock;
  }

  public JobReport sendDue(int limit) {
    Instant now = clock.instant();
    NotificationStore.Due due = store.due(now, limit);
    JobReport dispatched =
        JobLoop.run(JOB, due.notices(), due.notices().size(), notice -> dispatch(notice, now));
    JobReport retried =
        JobLoop.run(
            JOB,
            due.deliveries(),
            due.deliveries().size(),
            d -> store.claim(d, now.plus(LEASE)).map(claimed -> send(claimed, now)).orElse(0));
    return dispatched.then(JOB, retried);
  }

  /** The notice's deliveries, made once; then each is tried at once. */
  private int dispatch(NotificationStore.Pending notice, Instant now) {
    MemberProfile profile = recipientOf(notice.notification().userId());
    MessageFacts about = facts.factsOf(notice.notification());
    MessageText text =
        MessageTemplates.render(notice.notification().kind(), profile.locale(), about);
    List<Delivery> deliveries = new ArrayList<>();
    Map<Channel, String> addresses = new EnumMap<>(profile.deliveryAddresses());
    wechat
        .message(notice.notification(), profile.userId(), about)
        .ifPresent(
            message -> {
              addresses.remove(Channel.SMS);
              addresses.remove(Channel.IN_APP);
              deliveries.add(
                  Delivery.pending(
                          notice.notification(),
                          Channel.WECHAT,
                          profile.userId(),
                          message,
                          notice.createdAt())
                      .oneMoreTry());
            });
    addresses.forEach(
        (channel, address) ->
            deliveries.add(
                Delivery.pending(
                        notice.notification(),
                        channel,
                        address,
                        channel == Channel.EMAIL ? withCalendar(text, notice, about, now) : text,
                        notice.createdAt())
                    .oneMoreTry()));
    if (!store.dispatch(notice, deliveries, now, now.plus(LEASE))) {
      return 0;
    }
    int sent = 0;
    for (Delivery d : deliveries) {
      sent += send(d, now);
    }
    return sent;
  }

  /**
   * A confirmation e-mail carries the booking as an iCalendar entry at the venue's time (API.md
   * v1.2 "Calendar"), so a mail app offers to add it; its UID is the feed's, so the two are one
   * event in a calendar that has both.
   */
  private static MessageText withCalendar(
      MessageText text, NotificationStore.Pending notice, MessageFacts about, Instant now) {
    if (notice.notification().kind() != Notification.Kind.BOOKING_CONFIRMED) {
      return text;
    }
    String bookingId = notice.notification().ref();
    String ics =
        IcsFeed.of(
            about.venueName(),
            List.of(
                new IcsFeed.Event(
                    bookingId,
                    about.slot().start(),
                    about.slot().end(),
                    about.zone(),
                    about.venueName(),
                    "Booking " + bookingId,
                    true)),
            now);
    return text.with(
        new Attachment("booking.ics", "text/calendar; method=PUBLISH; charset=UTF-8", ics));
  }

  /**
   * Who reads it: the member, or for a desk walk-in linked to an account, that account's member
   * (their channels and language). A walk-in never linked has no profile: IN_APP.
   */
  private MemberProfile recipientOf(String userId) {
    MemberProfile own = profiles.profile(userId);
    if (own.version() > 0) {
      return own;
    }
    return profiles
        .linkedAccount(userId)
        .map(profiles::profile)
        .filter(member -> member.owns(userId))
        .orElse(own);
  }

  /**
   * One claimed try ({@code claimed.attempts()} counts it). A failure backs off 20 s, 40 s, 80 s …
   * or parks after the last try; an outbox write the table refused is left for later.
   */
  private int send(Delivery claimed, Instant now) {
    SendOutcome outcome;
    try {
      outcome = sender.deliver(claimed);
    } catch (RuntimeException failed) {
      int attempts = claimed.attempts();
      boolean park = attempts >= MAX_ATTEMPTS;
      if (park && claimed.channel() == Channel.WECHAT) {
        return fallBack(claimed, "failed " + attempts + " times: " + failed.getMessage(), now);
      }
      store.failed(
          claimed,
          park ? now : now.plus(Duration.ofSeconds(10L << Math.min(attempts, 10))),
          park,
          String.valueOf(failed.getMessage()));
      return 0;
    }
    if (outcome instanceof SendOutcome.FallBack fallBack) {
      return fallBack(claimed, fallBack.why(), now);
    }
    return JobLoop.one(store.sent(claimed, now));
  }

  /** The notice by the recipient's verified phone, else in-app, in place of {@code claimed}. */
  private int fallBack(Delivery claimed, String why, Instant now) {
    MemberProfile profile = recipientOf(claimed.about().userId());
    MessageText text =
        MessageTemplates.render(
            claimed.about().kind(), profile.locale(), facts.factsOf(claimed.about()));
    Delivery next =
        (profile.phoneVerified()
                ? Delivery.pending(
                    claimed.about(),
                    Channel.SMS,
                    profile.phone().orElseThrow().value(),
                    text,
                    claimed.createdAt())
                : Delivery.pending(
                    claimed.about(), Channel.IN_APP, profile.userId(), text, claimed.createdAt()))
            .oneMoreTry();
    if (!store.fellBack(claimed, next, why, now, now.plus(LEASE))) {
      return 0; // another run moved it
    }
    return send(next, now);
  }
}
