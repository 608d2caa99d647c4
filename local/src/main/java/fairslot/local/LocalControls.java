package fairslot.local;

import java.util.Optional;

/** A fake's controls under {@code /_local/...}: empty when the path is not its own. */
public interface LocalControls {
  /** A control's answer: status and JSON body. */
  record Reply(int status, String json) {}

  Optional<Reply> handle(String method, String path, String body);
}
