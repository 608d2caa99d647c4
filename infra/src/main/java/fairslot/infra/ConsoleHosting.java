package fairslot.infra;

import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.cloudfront.BehaviorOptions;
import software.amazon.awscdk.services.cloudfront.Distribution;
import software.amazon.awscdk.services.cloudfront.HeadersFrameOption;
import software.amazon.awscdk.services.cloudfront.HeadersReferrerPolicy;
import software.amazon.awscdk.services.cloudfront.HttpVersion;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersContentSecurityPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersContentTypeOptions;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersFrameOptions;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersReferrerPolicy;
import software.amazon.awscdk.services.cloudfront.ResponseHeadersStrictTransportSecurity;
import software.amazon.awscdk.services.cloudfront.ResponseSecurityHeadersBehavior;
import software.amazon.awscdk.services.cloudfront.SecurityPolicyProtocol;
import software.amazon.awscdk.services.cloudfront.ViewerProtocolPolicy;
import software.amazon.awscdk.services.cloudfront.origins.S3BucketOrigin;
import software.amazon.awscdk.services.s3.BlockPublicAccess;
import software.amazon.awscdk.services.s3.Bucket;
import software.amazon.awscdk.services.s3.BucketEncryption;
import software.amazon.awscdk.services.s3.ObjectOwnership;
import software.constructs.Construct;

/**
 * The console (console/dist) in AWS: a private S3 bucket that only CloudFront reads (origin access
 * control), served over HTTPS only with the same security headers the local runtime sends. The
 * files are copied by the operator (docs/operations.md: `aws s3 sync console/dist`), so a synth
 * needs no built console.
 */
final class ConsoleHosting {
  /** The Content-Security-Policy of the console's pages; the API is another origin in AWS. */
  static final String CSP =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:;"
          + " connect-src 'self' https://*.execute-api.{region}.amazonaws.com"
          + " https://*.auth.{region}.amazoncognito.com; frame-ancestors 'none'; base-uri 'none';"
          + " form-action 'self'";

  private ConsoleHosting() {}

  static Distribution build(Construct scope, boolean production, String region) {
    Bucket files =
        Bucket.Builder.create(scope, "ConsoleFiles")
            .blockPublicAccess(BlockPublicAccess.BLOCK_ALL)
            .encryption(BucketEncryption.S3_MANAGED)
            .enforceSsl(true)
            .objectOwnership(ObjectOwnership.BUCKET_OWNER_ENFORCED)
            .versioned(production)
            .removalPolicy(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY)
            .build();
    ResponseHeadersPolicy headers =
        ResponseHeadersPolicy.Builder.create(scope, "ConsoleHeaders")
            .comment("fairslot console: security headers")
            .securityHeadersBehavior(
                ResponseSecurityHeadersBehavior.builder()
                    .contentSecurityPolicy(
                        ResponseHeadersContentSecurityPolicy.builder()
                            .contentSecurityPolicy(CSP.replace("{region}", region))
                            .override(true)
                            .build())
                    .strictTransportSecurity(
                        ResponseHeadersStrictTransportSecurity.builder()
                            .accessControlMaxAge(Duration.days(365))
                            .includeSubdomains(true)
                            .override(true)
                            .build())
                    .contentTypeOptions(
                        ResponseHeadersContentTypeOptions.builder().override(true).build())
                    .frameOptions(
                        ResponseHeadersFrameOptions.builder()
                            .frameOption(HeadersFrameOption.DENY)
                            .override(true)
                            .build())
                    .referrerPolicy(
                        ResponseHeadersReferrerPolicy.builder()
                            .referrerPolicy(HeadersReferrerPolicy.NO_REFERRER)
                            .override(true)
                            .build())
                    .build())
            .build();
    Distribution distribution =
        Distribution.Builder.create(scope, "Console")
            .comment("fairslot console")
            .defaultRootObject("index.html")
            .httpVersion(HttpVersion.HTTP2_AND_3)
            .minimumProtocolVersion(SecurityPolicyProtocol.TLS_V1_2_2021)
            .defaultBehavior(
                BehaviorOptions.builder()
                    .origin(S3BucketOrigin.withOriginAccessControl(files))
                    .viewerProtocolPolicy(ViewerProtocolPolicy.REDIRECT_TO_HTTPS)
                    .responseHeadersPolicy(headers)
                    .build())
            .build();
    CfnOutput.Builder.create(scope, "ConsoleBucket").value(files.getBucketName()).build();
    CfnOutput.Builder.create(scope, "ConsoleUrl")
        .value("https://" + distribution.getDistributionDomainName())
        .build();
    return distribution;
  }

  /** The console's origin, for CORS and Cognito's callback. */
  static String origin(Distribution distribution) {
    return "https://" + distribution.getDistributionDomainName();
  }
}
