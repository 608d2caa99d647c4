package fairslot.catalog.domain;

import fairslot.kernel.Refusal;

/** A coach or a room of a venue: something a session needs exclusively for its whole time. */
public record Assignee(Kind kind, String id, String venueId, String name) {

  public enum Kind {
    COACH(Refusal.CONFLICT_COACH),
    ROOM(Refusal.CONFLICT_ROOM);

    private final Refusal clash;

    Kind(Refusal clash) {
      this.clash = clash;
    }

    /** The refusal when a new session would overlap one this coach or room already has. */
    public Refusal clash() {
      return clash;
    }
  }

  public Ref ref() {
    return new Ref(kind, id);
  }

  /** Names a coach or room. */
  public record Ref(Kind kind, String id) {}
}
