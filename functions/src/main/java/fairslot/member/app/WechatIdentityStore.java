package fairslot.member.app;

import java.time.Instant;
import java.util.Optional;

/** Port: the member's WeChat identity (the openid code2Session gave for the mini-program). */
public interface WechatIdentityStore {

  Optional<String> openId(String userId);

  /** Links (or relinks, after a new login) the member's openid. */
  void link(String userId, String openId, Instant at);

  WechatIdentityStore NONE =
      new WechatIdentityStore() {
        @Override
        public Optional<String> openId(String userId) {
          return Optional.empty();
        }

        @Override
        public void link(String userId, String openId, Instant at) {
          throw new UnsupportedOperationException("no WeChat identities here");
        }
      };
}
