package fairslot.member.app;

import java.time.Instant;
import java.util.Map;

/**
 * Port: the member's subscribe-message grants. Each "accept" {@code wx.requestSubscribeMessage}
 * returned is one send of that template (WeChat's one-time subscription); a send takes one, once
 * per delivery however often the delivery is tried.
 */
public interface WechatSubscriptions {

  /**
   * {@code accepted} more sends of {@code templateId}, once per {@code grantKey}: the same key
   * again (a retried request with its Idempotency-Key, or a write whose answer was lost) adds
   * nothing.
   */
  void grant(String userId, String templateId, int accepted, String grantKey, Instant at);

  /** The sends left, by template id (templates never granted are absent). */
  Map<String, Integer> sendsLeft(String userId);

  /**
   * One send of {@code templateId} for the delivery {@code deliveryKey}: taken now, or taken by an
   * earlier try of the same delivery ({@link Take#TAKEN} both), or none left.
   */
  Take take(String userId, String templateId, String deliveryKey, Instant at);

  /** WeChat says the member has none left (43101): the count is set to none. */
  void spent(String userId, String templateId, Instant at);

  /** What a take found. */
  enum Take {
    TAKEN,
    NONE_LEFT
  }
}
