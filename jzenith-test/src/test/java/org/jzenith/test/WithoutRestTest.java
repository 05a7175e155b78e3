package org.jzenith.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.jzenith.core.JZenith;
import org.jzenith.core.Plugin;
import org.jzenith.core.configuration.ConfigurationException;

/**
 * An application without the REST plugin, while jzenith-rest is on the classpath: it boots
 * without {@code rest.port} (an unknown key there) and has no client.
 */
class WithoutRestTest {

    /** The configuration of a plugin that is not REST. */
    @ConfigMapping(prefix = "greeting")
    public interface GreetingConfiguration {
        @WithDefault("hello")
        String word();
    }

    /** A plugin that owns a configuration and does nothing else. */
    static final class GreetingPlugin implements Plugin {
        @Override
        public String name() {
            return "greeting";
        }

        @Override
        public List<Class<?>> configurationMappings() {
            return List.of(GreetingConfiguration.class);
        }
    }

    @RegisterExtension
    static final JZenithExtension APP = JZenithExtension.of(
                    args -> JZenith.application(args).withPlugins(new GreetingPlugin()))
            .withConfiguration("greeting.word", "hi");

    @Test
    void bootsWithItsOverridesAndWithoutARestPort(final JZenith app) {
        assertThat(app.instance(GreetingConfiguration.class).word()).isEqualTo("hi");
    }

    @Test
    void hasNoClientAndSaysWhy() {
        assertThatThrownBy(APP::client)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("The application under test has no REST plugin");
    }

    @Test
    void aGenuineConfigurationProblemIsStillReported() {
        final JZenithExtension broken = JZenithExtension.of(
                        args -> JZenith.application(args).withPlugins(new GreetingPlugin()))
                .withConfiguration("greeting.wrod", "hi");
        assertThatThrownBy(broken::start)
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("greeting.wrod (command line): unknown key; did you mean greeting.word?")
                .hasMessageNotContaining("rest.port");
    }
}
