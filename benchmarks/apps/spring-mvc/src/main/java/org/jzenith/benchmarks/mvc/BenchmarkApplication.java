package org.jzenith.benchmarks.mvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The TechEmpower test types on Spring Boot MVC (Tomcat, virtual threads) with JDBC. */
@SpringBootApplication
public class BenchmarkApplication {

    public static void main(final String[] args) {
        SpringApplication.run(BenchmarkApplication.class, args);
    }
}
