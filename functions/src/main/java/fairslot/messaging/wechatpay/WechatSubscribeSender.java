package fairslot.messaging.wechatpay;

import fairslot.member.app.PlatformAccessTokens;
import fairslot.member.app.WechatIdentityStore;
import fairslot.member.app.WechatSubscriptions;
import fairslot.messaging.wechatpay.WechatServerApi.SendAnswer;
import fairslot.notification.app.NotificationSender;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.SubscribeTemplates;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * A WeChat delivery as a subscribe message: one of the member's sends of the template is taken for
 * the delivery (once, however often it is tried), then {@code subscribeMessage.send} with the
 * shared platform token. No send left, 43101 (the count is then set to none) or a refusal falls
 * back; WeChat busy throws, so the job tries again later. Neither openid nor the message's words
 * are put in an error.
 */
public final class WechatSubscribeSender implements NotificationSender {
  private final WechatServerApi server;
  private final PlatformAccessTokens tokens;
  private final WechatSubscriptions subscriptions;
  private final WechatIdentityStore identities;
  private final Clock clock;

  public WechatSubscribeSender(
      WechatServerApi server,
      PlatformAccessTokens tokens,
      WechatSubscriptions subscriptions,
      WechatIdentityStore identities,
      Clock clock) {
    this.server = server;
    this.tokens = tokens;
    this.subscriptions = subscriptions;
    this.identities = identities;
    this.clock = clock;
  }

  @Override
  public void send(Delivery delivery) {
    if (deliver(delivery) instanceof SendOutcome.FallBack fallBack) {
      throw new IllegalStateException("not sent by WeChat: " + fallBack.why());
    }
  }

  @Override
  public SendOutcome deliver(Delivery d) {
    String member = d.address();
    String templateId = d.message().subject();
    Optional<String> openId = identities.openId(member);
    if (openId.isEmpty()) {
      return new SendOutcome.FallBack("the member has no WeChat identity");
    }
    if (subscriptions.take(member, templateId, d.id().encode(), clock.instant())
        == WechatSubscriptions.Take.NONE_LEFT) {
      return new SendOutcome.FallBack("no subscribe message send left");
    }
    SubscribeTemplates.Message message = SubscribeTemplates.read(d.message());
    String page = message.page();
    Map<String, String> data = message.data();
    String token = tokens.token();
    SendAnswer answer = server.subscribeSend(token, openId.get(), templateId, page, data);
    if (answer instanceof SendAnswer.TokenRejected) {
      tokens.rejected(token);
      answer = server.subscribeSend(tokens.token(), openId.get(), templateId, page, data);
    }
    if (answer instanceof SendAnswer.Sent) {
      return new SendOutcome.Sent();
    }
    if (answer instanceof SendAnswer.NoSendLeft) {
      subscriptions.spent(member, templateId, clock.instant());
      return new SendOutcome.FallBack("WeChat: no send left (43101)");
    }
    if (answer instanceof SendAnswer.Refused refused) {
      return new SendOutcome.FallBack(
          "WeChat refused the message (errcode " + refused.errcode() + ")");
    }
    throw new IllegalStateException("WeChat refused the platform token twice");
  }
}
