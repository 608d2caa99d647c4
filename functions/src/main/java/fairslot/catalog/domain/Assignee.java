package fairslot.catalog.domain;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.util.List;
import java.util.Map;

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

  /**
   * The refusal of a slot whose coach or room already has the sessions {@code clashing} (their slot
   * ids, sorted) overlapping it: CONFLICT_COACH or CONFLICT_ROOM with {@code conflicts}.
   */
  public static <T> Outcome<T> clash(Ref ref, List<String> clashing) {
    String what = ref.kind() == Kind.COACH ? "coach " : "room ";
    return Outcome.refused(
        ref.kind().clash(),
        "the " + what + ref.id() + " already has an overlapping session",
        Map.of("conflicts", clashing.stream().map(id -> Map.of("slotId", id)).toList()));
  }
}
