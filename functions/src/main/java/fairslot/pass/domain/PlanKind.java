package fairslot.pass.domain;

/** A PACK holds credits to spend, one per seat; a MEMBERSHIP books without limit while valid. */
public enum PlanKind {
  PACK,
  MEMBERSHIP
}
