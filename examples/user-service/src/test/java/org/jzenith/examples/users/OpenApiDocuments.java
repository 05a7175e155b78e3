package org.jzenith.examples.users;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

/** Reads an OpenAPI document with swagger-parser, which must find nothing wrong with it. */
final class OpenApiDocuments {

    private OpenApiDocuments() {}

    static OpenAPI valid(final String document) {
        final ParseOptions options = new ParseOptions();
        options.setResolve(true);
        final SwaggerParseResult result = new OpenAPIV3Parser().readContents(document, null, options);
        assertThat(result.getMessages()).isEmpty();
        assertThat(result.getOpenAPI()).isNotNull();
        return result.getOpenAPI();
    }
}
