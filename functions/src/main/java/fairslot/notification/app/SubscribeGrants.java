package fairslot.notification.app;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatSubscriptions;
import fairslot.notification.domain.Notification;
import fairslot.notification.domain.SubscribeTemplates;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code POST /me/wechat/subscriptions} and {@code GET} (v1.3): what {@code
 * wx.requestSubscribeMessage} answered, recorded as sends (one per accept of a template this
 * deployment sends), and the sends left per template.
 */
public final class SubscribeGrants {
  /** WeChat's answers per template; only {@code accept} gives a send. */
  public static final List<String> RESULTS = List.of("accept", "reject", "ban", "filter");

  private final WechatSubscriptions subscriptions;
  private final SubscribeTemplates templates;
  private final Clock clock;

  public SubscribeGrants(
      WechatSubscriptions subscriptions, SubscribeTemplates templates, Clock clock) {
    this.subscriptions = subscriptions;
    this.templates = templates;
    this.clock = clock;
  }

  /** One answer of {@code wx.requestSubscribeMessage}. */
  public record Grant(String templateId, String result) {}

  /** A template of this deployment, what it is for, and the member's sends left. */
  public record Left(String templateId, Notification.Kind kind, int sendsLeft) {}

  /**
   * Records the answers; {@code requestKey} names this request (its Idempotency-Key, else one made
   * for it), so the same request again adds no send.
   */
  public Outcome<List<Left>> record(String userId, List<Grant> grants, String requestKey) {
    Map<String, Integer> accepted = new LinkedHashMap<>();
    for (Grant g : grants) {
      if (templates.kindOf(g.templateId()).isEmpty()) {
        return Outcome.refused(
            Refusal.INVALID_REQUEST,
            "templateId " + g.templateId() + " is not one of this deployment's templates");
      }
      if (!RESULTS.contains(g.result())) {
        return Outcome.refused(
            Refusal.INVALID_REQUEST, "result must be one of " + String.join(", ", RESULTS));
      }
      if (g.result().equals("accept")) {
        accepted.merge(g.templateId(), 1, Integer::sum);
      }
    }
    accepted.forEach(
        (t, n) -> subscriptions.grant(userId, t, n, requestKey + "#" + t, clock.instant()));
    return Outcome.done(left(userId));
  }

  /** Every template of this deployment, with the member's sends left (0 when never granted). */
  public List<Left> left(String userId) {
    Map<String, Integer> left = subscriptions.sendsLeft(userId);
    List<Left> all = new ArrayList<>();
    for (Notification.Kind kind : SubscribeTemplates.KINDS) {
      Optional<SubscribeTemplates.Template> t = templates.of(kind);
      t.ifPresent(
          template ->
              all.add(
                  new Left(
                      template.templateId(), kind, left.getOrDefault(template.templateId(), 0))));
    }
    return all;
  }
}
