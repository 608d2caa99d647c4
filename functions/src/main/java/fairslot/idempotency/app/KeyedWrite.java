package fairslot.idempotency.app;

/**
 * What a change written with its Idempotency-Key's answer ({@link Replayable}) came to: made; not
 * made because what it was decided on moved (read again, decide again); not made because a twin of
 * the request made it (its answer); or not made because the key answered another request.
 */
public sealed interface KeyedWrite {
  record Made() implements KeyedWrite {}

  record Moved() implements KeyedWrite {}

  record Replay(StoredResponse response) implements KeyedWrite {}

  record KeyReused() implements KeyedWrite {}
}
