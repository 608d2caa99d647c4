package fairslot.auth.domain;

/** What fairslot's access token says: who, for whom, what kind, and when (epoch seconds). */
public record AccessClaims(
    String issuer,
    String audience,
    String subject,
    String tokenUse,
    long issuedAt,
    long expiresAt) {}
