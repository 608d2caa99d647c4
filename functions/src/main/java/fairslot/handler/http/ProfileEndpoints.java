package fairslot.handler.http;

import static fairslot.handler.http.Responses.respond;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Outcome;
import fairslot.member.app.ContactVerification;
import fairslot.member.app.ProfileService;
import fairslot.member.app.WechatPhones;
import fairslot.member.domain.Channel;
import fairslot.member.domain.ContactCode;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The member's own profile (v1.1 "Members and notifications") and the proof of its phone and e-mail
 * (v1.2 "Verified contact points").
 */
public final class ProfileEndpoints implements Endpoints {
  private static final Set<String> FIELDS = Set.of("name", "email", "phone", "channels", "locale");

  private final ProfileService profiles;
  private final ContactVerification verification;
  private final WechatPhones wechatPhones;

  public ProfileEndpoints(
      ProfileService profiles, ContactVerification verification, WechatPhones wechatPhones) {
    this.profiles = profiles;
    this.verification = verification;
    this.wechatPhones = wechatPhones;
  }

  /** A profile as its member sees it; unset fields are null. */
  public record ProfileView(
      String userId,
      String name,
      String email,
      String phone,
      List<String> channels,
      String locale,
      boolean emailVerified,
      boolean phoneVerified) {
    static ProfileView of(MemberProfile p) {
      return new ProfileView(
          p.userId(),
          p.name().orElse(null),
          p.email().orElse(null),
          p.phone().map(Phone::value).orElse(null),
          p.channels().stream().sorted().map(Enum::name).toList(),
          p.locale(),
          p.emailVerified(),
          p.phoneVerified());
    }
  }

  /** A code on its way; it works until {@code expiresAt} (a UTC instant). */
  public record CodeSentView(String channel, String expiresAt) {
    static CodeSentView of(ContactVerification.Sent sent) {
      return new CodeSentView(sent.channel().name(), sent.expiresAt().toString());
    }
  }

  @Override
  public List<String> routeKeys() {
    return List.of(
        "GET /me/profile",
        "PUT /me/profile",
        "POST /me/phone/verify",
        "POST /me/phone/confirm",
        "POST /me/phone/wechat",
        "POST /me/email/verify",
        "POST /me/email/confirm");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    return switch (routeKey) {
      case "GET /me/profile" -> get(request);
      case "PUT /me/profile" -> put(request);
      case "POST /me/phone/verify" -> send(request, Channel.SMS);
      case "POST /me/phone/confirm" -> confirm(request, Channel.SMS);
      case "POST /me/phone/wechat" -> wechatPhone(request);
      case "POST /me/email/verify" -> send(request, Channel.EMAIL);
      case "POST /me/email/confirm" -> confirm(request, Channel.EMAIL);
      default -> throw Endpoints.notServed(routeKey);
    };
  }

  private HttpResponse send(HttpRequest request, Channel channel) {
    String target;
    if (channel == Channel.SMS) {
      RequestBody body = request.json().onlyFields("phone verification", Set.of("phone"));
      target = phone(body.text("phone")).value();
    } else {
      RequestBody body = request.json().onlyFields("e-mail verification", Set.of("email"));
      target = MemberProfile.normalEmail(body.text("email"));
      if (!MemberProfile.validEmail(target)) {
        throw InvalidInput.unprocessable("email must be a valid address");
      }
    }
    var sent = verification.send(request.requireCaller().userId(), channel, target);
    HttpResponse response = respond(sent, 202, CodeSentView::of);
    if (sent instanceof Outcome.Refused<?> refused
        && refused.extras().get("retryAfterSeconds") instanceof Long seconds) {
      return response.withHeader("retry-after", Long.toString(seconds));
    }
    return response;
  }

  private HttpResponse confirm(HttpRequest request, Channel channel) {
    RequestBody body = request.json().onlyFields("confirmation", Set.of("code"));
    String code = body.text("code");
    if (!ContactCode.wellFormed(code)) {
      throw InvalidInput.unprocessable("code must be the six digits that were sent");
    }
    return respond(
        verification.confirm(request.requireCaller().userId(), channel, code),
        200,
        ProfileView::of);
  }

  /** A phone WeChat verified: the code from the mini-program's getPhoneNumber (v1.3). */
  private HttpResponse wechatPhone(HttpRequest request) {
    RequestBody body = request.json().onlyFields("WeChat phone", Set.of("code"));
    String code = body.text("code");
    return respond(
        wechatPhones.verify(request.requireCaller().userId(), code), 200, ProfileView::of);
  }

  private static Phone phone(String raw) {
    return Phone.parse(raw)
        .filter(p -> p.value().startsWith("+"))
        .orElseThrow(
            () ->
                InvalidInput.unprocessable(
                    "phone must be an international number such as +86 138 0013 8000"));
  }

  private HttpResponse get(HttpRequest request) {
    return HttpResponse.json(
        200, ProfileView.of(profiles.profile(request.requireCaller().userId())));
  }

  private HttpResponse put(HttpRequest request) {
    RequestBody body = request.json().onlyFields("profile", FIELDS);
    ProfileService.ProfileChange change =
        new ProfileService.ProfileChange(
            nullable(body, "name", v -> v),
            nullable(body, "email", MemberProfile::normalEmail),
            nullable(body, "phone", ProfileEndpoints::phone),
            channels(body),
            body.optionalText("locale"));
    return respond(profiles.update(request.requireCaller().userId(), change), 200, ProfileView::of);
  }

  /** Absent: keep (outer empty); {@code null}: clear (inner empty); text: that value. */
  private static <T> Optional<Optional<T>> nullable(
      RequestBody body, String field, Function<String, T> read) {
    JsonNode given = body.tree().get(field);
    if (given == null) {
      return Optional.empty();
    }
    if (given.isNull()) {
      return Optional.of(Optional.empty());
    }
    return Optional.of(Optional.of(read.apply(body.text(field))));
  }

  private static Optional<Set<Channel>> channels(RequestBody body) {
    JsonNode given = body.tree().get("channels");
    if (given == null) {
      return Optional.empty();
    }
    if (!given.isArray() || given.size() > Channel.values().length) {
      throw InvalidInput.unprocessable("channels must be an array of EMAIL and SMS");
    }
    Set<Channel> channels = EnumSet.noneOf(Channel.class);
    for (JsonNode c : given) {
      try {
        channels.add(Channel.valueOf(c.asText()));
      } catch (IllegalArgumentException e) {
        throw InvalidInput.unprocessable("channels must be an array of EMAIL and SMS");
      }
    }
    return Optional.of(channels);
  }
}
