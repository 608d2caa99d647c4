package fairslot.handler.internal;

/**
 * A request's body as parsed once, when the request is read: both the venue gate and the endpoint
 * read this, never the raw text again (API.md v1.3 "Input that authorizes is the input that acts").
 * A body that does not parse keeps its refusal, answered by whoever first needs the body.
 */
public sealed interface ParsedBody {
  /** No body, or a blank one. */
  record Absent() implements ParsedBody {}

  record Object(RequestBody json) implements ParsedBody {}

  record Unreadable(InvalidInput why) implements ParsedBody {}

  static ParsedBody of(String text) {
    if (text == null || text.isBlank()) {
      return new Absent();
    }
    try {
      return new Object(RequestBody.parse(text));
    } catch (InvalidInput why) {
      return new Unreadable(why);
    }
  }
}
