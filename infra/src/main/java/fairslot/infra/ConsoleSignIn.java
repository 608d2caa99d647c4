package fairslot.infra;

import java.util.List;
import software.amazon.awscdk.Aws;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.CfnParameter;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.Fn;
import software.amazon.awscdk.services.apigatewayv2.CorsHttpMethod;
import software.amazon.awscdk.services.apigatewayv2.CorsPreflightOptions;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.CognitoDomainOptions;
import software.amazon.awscdk.services.cognito.OAuthFlows;
import software.amazon.awscdk.services.cognito.OAuthScope;
import software.amazon.awscdk.services.cognito.OAuthSettings;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.cognito.UserPoolClientIdentityProvider;
import software.amazon.awscdk.services.cognito.UserPoolClientOptions;
import software.amazon.awscdk.services.cognito.UserPoolDomain;
import software.amazon.awscdk.services.cognito.UserPoolDomainOptions;
import software.constructs.Construct;

/**
 * How the console signs in and reaches the API in AWS: a public Cognito client (no secret) that
 * uses only the authorization code grant, which the console makes with PKCE, through the user
 * pool's hosted sign-in; and CORS on the HTTP API for the console's origin plus the origins the
 * {@code ConsoleOrigins} parameter lists (a venue's own domain). docs/security.md.
 */
final class ConsoleSignIn {
  static final List<String> HEADERS =
      List.of("authorization", "content-type", "idempotency-key", "if-none-match", "accept");

  private ConsoleSignIn() {}

  static UserPoolClient client(Construct scope, UserPool users, String consoleOrigin) {
    UserPoolClient client =
        users.addClient(
            "Console",
            UserPoolClientOptions.builder()
                .generateSecret(false)
                // No password or SRP flow on this client: the hosted sign-in page takes them.
                .authFlows(AuthFlow.builder().build())
                .oAuth(
                    OAuthSettings.builder()
                        .flows(
                            OAuthFlows.builder()
                                .authorizationCodeGrant(true)
                                .implicitCodeGrant(false)
                                .clientCredentials(false)
                                .build())
                        .scopes(List.of(OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE))
                        .callbackUrls(List.of(consoleOrigin + "/"))
                        .logoutUrls(List.of(consoleOrigin + "/"))
                        .build())
                .supportedIdentityProviders(List.of(UserPoolClientIdentityProvider.COGNITO))
                .preventUserExistenceErrors(true)
                .accessTokenValidity(Duration.hours(1))
                .idTokenValidity(Duration.hours(1))
                .refreshTokenValidity(Duration.hours(12))
                .enableTokenRevocation(true)
                .build());
    UserPoolDomain domain =
        users.addDomain(
            "ConsoleSignIn",
            UserPoolDomainOptions.builder()
                .cognitoDomain(
                    CognitoDomainOptions.builder()
                        .domainPrefix(Fn.join("-", List.of("fairslot", Aws.ACCOUNT_ID, Aws.REGION)))
                        .build())
                .build());
    CfnOutput.Builder.create(scope, "ConsoleClientId").value(client.getUserPoolClientId()).build();
    CfnOutput.Builder.create(scope, "ConsoleSignInUrl").value(domain.baseUrl()).build();
    return client;
  }

  /** The console's origin and the extra ones the stack is given, nothing else. */
  static CorsPreflightOptions cors(Construct scope, String consoleOrigin) {
    CfnParameter extra =
        CfnParameter.Builder.create(scope, "ConsoleOrigins")
            .type("CommaDelimitedList")
            .defaultValue("http://127.0.0.1:3000")
            .description(
                "Origins besides the stack's own console allowed to call the API from a browser"
                    + " (CORS), comma-separated, e.g. https://book.example-venue.cn")
            .build();
    return CorsPreflightOptions.builder()
        .allowOrigins(
            Fn.split(
                ",", Fn.join(",", List.of(consoleOrigin, Fn.join(",", extra.getValueAsList())))))
        .allowMethods(
            List.of(
                CorsHttpMethod.GET,
                CorsHttpMethod.POST,
                CorsHttpMethod.PUT,
                CorsHttpMethod.PATCH,
                CorsHttpMethod.DELETE,
                CorsHttpMethod.OPTIONS))
        .allowHeaders(HEADERS)
        .exposeHeaders(List.of("etag", "retry-after", "location"))
        .allowCredentials(false)
        .maxAge(Duration.hours(1))
        .build();
  }
}
