package fairslot.catalog.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The coach and room a session uses, if any; each may lead or host one session at a time. */
public record Assignment(Optional<String> coachId, Optional<String> roomId) {
  public static final Assignment NONE = new Assignment(Optional.empty(), Optional.empty());

  /** Coach first: when both clash, the coach clash is the one reported. */
  public List<Assignee.Ref> refs() {
    List<Assignee.Ref> refs = new ArrayList<>();
    coachId.ifPresent(id -> refs.add(new Assignee.Ref(Assignee.Kind.COACH, id)));
    roomId.ifPresent(id -> refs.add(new Assignee.Ref(Assignee.Kind.ROOM, id)));
    return refs;
  }
}
