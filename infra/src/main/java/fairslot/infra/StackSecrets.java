package fairslot.infra;

import fairslot.definitions.Permissions;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.SecretValue;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.amazon.awscdk.services.secretsmanager.SecretStringGenerator;
import software.constructs.Construct;

/**
 * The stack's secrets in Secrets Manager: generated keys (the local webhook's, the list cursors')
 * and the providers' settings, placeholders that leave a provider off until an operator puts the
 * merchant's JSON in (docs/payments-and-holds.md); a wrong value fails the functions' init.
 */
final class StackSecrets {
  private StackSecrets() {}

  static Map<Permissions.Secret, Secret> create(Construct scope, boolean production) {
    Map<Permissions.Secret, Secret> made = new LinkedHashMap<>();
    made.put(
        Permissions.Secret.PAYMENT_WEBHOOK,
        secret(
            scope,
            production,
            "PaymentWebhookSecret",
            "HMAC key of the payment provider's webhook. Generated at deploy; put the provider's own value here"
                + " (aws secretsmanager put-secret-value), 32+ characters, then redeploy or wait for new containers."));
    // The providers' settings: placeholders that leave a provider off until an operator puts the
    // merchant's JSON in (docs/payments-and-holds.md); a wrong value fails the functions' init.
    made.put(
        Permissions.Secret.WECHATPAY,
        providerSecret(
            scope, production, "WechatPaySecret", "WeChat Pay merchant settings as JSON"));
    made.put(
        Permissions.Secret.STRIPE,
        providerSecret(
            scope, production, "StripeSecret", "Stripe secretKey and webhookSecret as JSON"));
    made.put(
        Permissions.Secret.CURSOR,
        secret(
            scope,
            production,
            "CursorSecret",
            "HMAC key that makes list cursors tamper-evident; every container shares it."));
    made.put(
        Permissions.Secret.TICKET,
        secret(
            scope,
            production,
            "TicketSecret",
            "Master of the venues' check-in ticket keys (Ed25519, derived per venue). Rotate by"
                + " putting 'new,old' for the overlap, then 'new' (docs/security.md)."));
    made.put(
        Permissions.Secret.CALENDAR,
        secret(
            scope,
            production,
            "CalendarSecret",
            "HMAC key of the members' calendar feed tokens; changing it retires every feed URL."));
    made.put(
        Permissions.Secret.WEBHOOK,
        secret(
            scope,
            production,
            "WebhookSecret",
            "Key each webhook subscription's signing secret derives from; changing it changes"
                + " every subscription's secret (docs/security.md)."));
    made.put(
        Permissions.Secret.TOKEN,
        secret(
            scope,
            production,
            "TokenSecret",
            "Key of fairslot's own access and refresh tokens (WeChat sign-in). Rotate by putting a"
                + " new value: tokens of the previous version still verify (docs/security.md)."));
    return made;
  }

  private static Secret providerSecret(
      Construct scope, boolean production, String id, String what) {
    return Secret.Builder.create(scope, id)
        .description(what + " (docs/payments-and-holds.md). {\"enabled\":false} until configured.")
        .secretStringValue(SecretValue.unsafePlainText("{\"enabled\":false}"))
        .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
        .build();
  }

  private static Secret secret(Construct scope, boolean production, String id, String description) {
    return Secret.Builder.create(scope, id)
        .description(description)
        .generateSecretString(
            SecretStringGenerator.builder().passwordLength(48).excludePunctuation(true).build())
        .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
        .build();
  }
}
