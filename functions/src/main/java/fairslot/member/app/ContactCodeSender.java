package fairslot.member.app;

import fairslot.kernel.MessageText;
import fairslot.member.domain.Channel;

/**
 * Port: sends a verification code's words to an address nobody has proved yet (SMS to a phone,
 * e-mail to an address), at once. Throws when the channel refused it or could not be reached.
 */
@FunctionalInterface
public interface ContactCodeSender {
  void send(Channel channel, String address, MessageText text);

  /** For wirings that verify nothing (benchmarks, chaos): every send fails. */
  ContactCodeSender NONE =
      (channel, address, text) -> {
        throw new IllegalStateException("no channel sends verification codes here");
      };
}
