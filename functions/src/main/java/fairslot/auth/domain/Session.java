package fairslot.auth.domain;

/** What a sign-in or a refresh answers: an access token and the next refresh token. */
public record Session(String token, long expiresIn, String refreshToken, String userId) {
  @Override
  public String toString() {
    return "Session[" + userId + "]";
  }
}
