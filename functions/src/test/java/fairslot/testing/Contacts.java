package fairslot.testing;

import static fairslot.testing.ApiDriver.CUSTOMER;

import fairslot.testing.ApiDriver.Reply;

/**
 * Proving a member's phone or e-mail as the member would (v1.2 "Verified contact points"): ask for
 * a code, read it where it was sent (the emulator's SNS or SES), confirm it.
 */
public final class Contacts {
  private Contacts() {}

  /** Asks for a code to {@code phone} and confirms it: the confirmation's reply. */
  public static Reply provePhone(ApiDriver api, String user, String phone) {
    ApiDriver.expect(askPhoneCode(api, user, phone), 202);
    return confirm(api, user, "phone", Mailbox.lastCodeTo(phone));
  }

  public static Reply proveEmail(ApiDriver api, String user, String email) {
    ApiDriver.expect(
        api.send(
            "POST /me/email/verify",
            e -> e.as(user, CUSTOMER).body("{\"email\":\"" + email + "\"}")),
        202);
    return confirm(api, user, "email", Mailbox.lastCodeTo(email));
  }

  public static Reply askPhoneCode(ApiDriver api, String user, String phone) {
    return api.send(
        "POST /me/phone/verify", e -> e.as(user, CUSTOMER).body("{\"phone\":\"" + phone + "\"}"));
  }

  public static Reply confirm(ApiDriver api, String user, String what, String code) {
    return api.send(
        "POST /me/" + what + "/confirm",
        e -> e.as(user, CUSTOMER).body("{\"code\":\"" + code + "\"}"));
  }

  /**
   * Puts {@code profileJson} and proves the e-mail and phone it names (either may be null): the
   * member is then sent to on the channels they chose.
   */
  public static void verifiedProfile(
      ApiDriver api, String user, String profileJson, String email, String phone) {
    ApiDriver.expect(api.send("PUT /me/profile", e -> e.as(user, CUSTOMER).body(profileJson)), 200);
    if (email != null) {
      ApiDriver.expect(proveEmail(api, user, email), 200);
    }
    if (phone != null) {
      ApiDriver.expect(provePhone(api, user, phone), 200);
    }
  }
}
