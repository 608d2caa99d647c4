package fairslot.notification.app;

import fairslot.kernel.MessageText;
import fairslot.member.app.WechatIdentityStore;
import fairslot.notification.domain.MessageFacts;
import fairslot.notification.domain.Notification;
import fairslot.notification.domain.SubscribeTemplates;
import java.util.Optional;

/**
 * Which notices go as a WeChat subscribe message: a kind with a template, to a member WeChat knows
 * (an openid from signing in or linking). Whether a send is left is asked when it is sent.
 */
public record WechatNotices(SubscribeTemplates templates, WechatIdentityStore identities) {
  public static final WechatNotices NONE =
      new WechatNotices(SubscribeTemplates.NONE, WechatIdentityStore.NONE);

  /** The subscribe message for {@code about} to {@code recipient}, if one is to be tried. */
  Optional<MessageText> message(Notification about, String recipient, MessageFacts facts) {
    return templates
        .of(about.kind())
        .filter(t -> identities.openId(recipient).isPresent())
        .map(t -> SubscribeTemplates.render(t, about, facts));
  }
}
