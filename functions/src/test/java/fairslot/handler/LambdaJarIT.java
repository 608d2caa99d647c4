package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.definitions.Fairslot;
import fairslot.definitions.QueueDefinition;
import fairslot.definitions.ScheduleDefinition;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The deployment artifact: every handler the stack names is in it, the local stand-ins are not. */
class LambdaJarIT {
  private static List<String> entries() throws Exception {
    File[] jars = new File("target").listFiles((dir, name) -> name.endsWith("-lambda.jar"));
    assertThat(jars).as("the shaded Lambda jar is built in package").hasSize(1);
    List<String> names = new ArrayList<>();
    try (JarFile jar = new JarFile(jars[0])) {
      jar.stream().forEach(e -> names.add(e.getName()));
    }
    return names;
  }

  private static String classFile(String className) {
    return className.replace('.', '/') + ".class";
  }

  @Test
  void everyDeployedHandlerIsInTheJarAndNoLocalStandInIs() throws Exception {
    List<String> names = entries();
    List<String> handlers = new ArrayList<>();
    handlers.add("fairslot.handler.HttpApiHandler");
    handlers.add(Fairslot.BOOKING_DLQ_HANDLER);
    Fairslot.QUEUES.stream().map(QueueDefinition::consumerHandler).forEach(handlers::add);
    Fairslot.SCHEDULES.stream().map(ScheduleDefinition::handler).forEach(handlers::add);

    assertThat(names).containsAll(handlers.stream().map(LambdaJarIT::classFile).toList());
    assertThat(names)
        .noneMatch(n -> n.startsWith("fairslot/messaging/payments/LocalPaymentProvider"))
        .noneMatch(n -> n.startsWith("fairslot/messaging/payments/WebhookSender"))
        .noneMatch(n -> n.startsWith("fairslot/messaging/notifications/LocalNotificationSender"));
  }

  /**
   * WeChat Pay's SDK ships in part (the services fairslot calls) and without okhttp, kotlin or
   * Apache's client; what fairslot reaches of it loads from the jar alone; the jar stays in budget.
   */
  @Test
  void theProvidersLoadFromTheJarAloneWhichStaysUnderTwentyMegabytes() throws Exception {
    File[] jars = new File("target").listFiles((dir, name) -> name.endsWith("-lambda.jar"));
    List<String> names = entries();

    assertThat(jars[0].length())
        .as("the function jar budget, bytes")
        .isLessThanOrEqualTo(20_000_000L);
    assertThat(names)
        .noneMatch(n -> n.startsWith("okhttp3/") || n.startsWith("kotlin/"))
        .noneMatch(n -> n.startsWith("org/apache/http/"))
        .noneMatch(n -> n.startsWith("com/wechat/pay/java/service/profitsharing/"))
        .noneMatch(n -> n.startsWith("com/stripe/"));
    try (java.net.URLClassLoader alone =
        new java.net.URLClassLoader(
            new java.net.URL[] {jars[0].toURI().toURL()}, ClassLoader.getPlatformClassLoader())) {
      for (String name :
          List.of(
              "fairslot.messaging.wechatpay.WechatPayProvider",
              "fairslot.messaging.wechatpay.WechatPayNotifications",
              "fairslot.messaging.wechatpay.JdkWechatHttpClient",
              "fairslot.messaging.stripe.StripeProvider",
              "fairslot.messaging.stripe.StripeWebhooks",
              "com.wechat.pay.java.service.payments.jsapi.JsapiService",
              "com.wechat.pay.java.service.refund.RefundService",
              "com.wechat.pay.java.service.payments.model.Transaction",
              "com.wechat.pay.java.core.RSAPublicKeyConfig",
              "com.google.gson.Gson")) {
        assertThat(Class.forName(name, true, alone)).as(name).isNotNull();
      }
    }
  }
}
