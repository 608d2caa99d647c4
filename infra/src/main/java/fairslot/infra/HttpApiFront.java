package fairslot.infra;

import fairslot.definitions.Fairslot;
import fairslot.definitions.Role;
import fairslot.definitions.RouteDefinition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpLambdaAuthorizer;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpLambdaAuthorizerProps;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpLambdaResponseType;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.services.apigatewayv2.AddRoutesOptions;
import software.amazon.awscdk.services.apigatewayv2.CfnStage;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.apigatewayv2.HttpMethod;
import software.amazon.awscdk.services.cognito.AccountRecovery;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.AutoVerifiedAttrs;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.cognito.Mfa;
import software.amazon.awscdk.services.cognito.MfaSecondFactor;
import software.amazon.awscdk.services.cognito.SignInAliases;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.amazon.awscdk.services.cognito.UserPoolClientOptions;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.constructs.Construct;

/**
 * The public front: the Cognito user pool (groups are the contract's roles), the HTTP API with a
 * route per shared definition (JWT routes behind the Lambda authorizer, which accepts Cognito's
 * tokens and fairslot's own from WeChat sign-in; the webhook on its own function), stage throttles
 * and access logs.
 */
final class HttpApiFront {
  private HttpApiFront() {}

  static HttpApi build(
      Construct scope,
      Alias handler,
      Alias webhook,
      Function authorizerFunction,
      boolean production,
      Secret webhookSecret,
      String consoleOrigin) {
    // Customers sign themselves up (a booking site); e-mail is verified before the account is
    // usable. MFA is optional and by authenticator app only: staff accounts should turn it on
    // (docs/security.md).
    UserPool users =
        UserPool.Builder.create(scope, "Users")
            .userPoolName("fairslot-users")
            .selfSignUpEnabled(true)
            .signInAliases(SignInAliases.builder().email(true).build())
            .autoVerify(AutoVerifiedAttrs.builder().email(true).build())
            .accountRecovery(AccountRecovery.EMAIL_ONLY)
            .mfa(Mfa.OPTIONAL)
            .mfaSecondFactor(MfaSecondFactor.builder().otp(true).sms(false).build())
            .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
            .build();
    // No hosted UI or OAuth flows (so no implicit grant and no callback URL); sign-in is SRP, or
    // USER_PASSWORD_AUTH for the CLI session in docs/tour.md. A wrong user and a wrong password
    // look alike.
    UserPoolClient client =
        users.addClient(
            "App",
            UserPoolClientOptions.builder()
                .authFlows(AuthFlow.builder().userSrp(true).userPassword(true).build())
                .disableOAuth(true)
                .preventUserExistenceErrors(true)
                .build());
    UserPoolClient console = ConsoleSignIn.client(scope, users, consoleOrigin);
    for (Role role : Role.values()) {
      CfnUserPoolGroup.Builder.create(scope, "Group" + ConstructIds.pascal(role.group()))
          .userPoolId(users.getUserPoolId())
          .groupName(role.group())
          .build();
    }
    // An HTTP API route takes one authorizer and a JWT authorizer trusts one issuer: a Lambda
    // authorizer checks both kinds of token (docs/security.md). Its answer is cached per token.
    authorizerFunction.addEnvironment("FAIRSLOT_USER_POOL_ID", users.getUserPoolId());
    authorizerFunction.addEnvironment(
        "FAIRSLOT_USER_POOL_CLIENTS",
        client.getUserPoolClientId() + "," + console.getUserPoolClientId());
    HttpLambdaAuthorizer jwt =
        new HttpLambdaAuthorizer(
            "Authorizer",
            Alias.Builder.create(scope, "AuthorizerLive")
                .aliasName("live")
                .version(authorizerFunction.getCurrentVersion())
                .build(),
            HttpLambdaAuthorizerProps.builder()
                .responseTypes(List.of(HttpLambdaResponseType.SIMPLE))
                .identitySource(List.of("$request.header.Authorization"))
                .resultsCacheTtl(Duration.minutes(5))
                .build());
    HttpApi api =
        HttpApi.Builder.create(scope, "Api")
            .apiName("fairslot")
            .corsPreflight(ConsoleSignIn.cors(scope, consoleOrigin))
            .build();
    HttpLambdaIntegration integration = new HttpLambdaIntegration("Handler", handler);
    HttpLambdaIntegration webhookIntegration = new HttpLambdaIntegration("Webhook", webhook);
    for (RouteDefinition route : Fairslot.ROUTES) {
      AddRoutesOptions.Builder options =
          AddRoutesOptions.builder()
              .path(route.path())
              .methods(List.of(HttpMethod.valueOf(route.method())))
              .integration(
                  route.access() == RouteDefinition.Access.SIGNED
                      ? webhookIntegration
                      : integration);
      if (route.access() == RouteDefinition.Access.JWT) {
        options.authorizer(jwt);
      }
      api.addRoutes(options.build());
    }
    LogGroup accessLogs =
        LogGroup.Builder.create(scope, "ApiAccessLogs")
            .retention(RetentionDays.ONE_MONTH)
            .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
            .build();
    CfnStage stage = (CfnStage) api.getDefaultStage().getNode().getDefaultChild();
    stage.setDefaultRouteSettings(
        CfnStage.RouteSettingsProperty.builder()
            .throttlingBurstLimit(500)
            .throttlingRateLimit(200)
            .build());
    // Each route has its own token bucket; the webhook's is lower than the rest (a provider calls
    // back once per payment event, and it is the one unauthenticated write).
    Map<String, Object> webhookRoutes = new LinkedHashMap<>();
    for (RouteDefinition route : Fairslot.ROUTES) {
      if (route.access() == RouteDefinition.Access.SIGNED) {
        webhookRoutes.put(
            route.routeKey(),
            Map.of(
                "ThrottlingBurstLimit",
                FairslotStack.WEBHOOK_BURST_LIMIT,
                "ThrottlingRateLimit",
                FairslotStack.WEBHOOK_RATE_LIMIT));
      }
    }
    stage.setRouteSettings(webhookRoutes);
    stage.setAccessLogSettings(
        CfnStage.AccessLogSettingsProperty.builder()
            .destinationArn(accessLogs.getLogGroupArn())
            .format(
                "{\"requestId\":\"$context.requestId\",\"ip\":\"$context.identity.sourceIp\","
                    + "\"requestTime\":\"$context.requestTime\",\"routeKey\":\"$context.routeKey\","
                    + "\"status\":\"$context.status\",\"responseLength\":\"$context.responseLength\","
                    + "\"latencyMs\":\"$context.responseLatency\",\"integrationError\":\"$context.integrationErrorMessage\","
                    + "\"authorizerError\":\"$context.authorizer.error\",\"sub\":\"$context.authorizer.sub\"}")
            .build());
    CfnOutput.Builder.create(scope, "ApiUrl").value(api.getApiEndpoint()).build();
    CfnOutput.Builder.create(scope, "UserPoolId").value(users.getUserPoolId()).build();
    CfnOutput.Builder.create(scope, "UserPoolClientId").value(client.getUserPoolClientId()).build();
    CfnOutput.Builder.create(scope, "PaymentWebhookSecretArn")
        .value(webhookSecret.getSecretArn())
        .build();
    return api;
  }
}
