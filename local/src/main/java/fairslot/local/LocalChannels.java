package fairslot.local;

import fairslot.aws.AwsRetries;
import fairslot.definitions.Fairslot;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Provisioner;
import fairslot.messaging.notifications.SesEmailSender;
import fairslot.messaging.notifications.SnsSmsSender;
import java.util.Optional;

/**
 * E-mail and SMS on the emulator's SES and SNS (GET /_local/sent reads them back), from a sender
 * identity verified here as the stack's parameter is in AWS.
 */
record LocalChannels(SesEmailSender email, SnsSmsSender sms) {

  static LocalChannels on(AwsEndpoint endpoint) {
    String from =
        Optional.ofNullable(System.getenv(Fairslot.EMAIL_FROM_ENV))
            .filter(f -> !f.isBlank())
            .orElse(Fairslot.LOCAL_EMAIL_FROM);
    var ses = endpoint.sesV2(AwsRetries.overrides());
    Provisioner.verifyEmailSender(ses, from);
    var sns = endpoint.sns(AwsRetries.overrides());
    return new LocalChannels(new SesEmailSender(() -> ses, from), new SnsSmsSender(() -> sns));
  }
}
