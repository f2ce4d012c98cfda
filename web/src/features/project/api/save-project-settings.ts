import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveProjectSettingsSchema, type TSaveProjectSettingsFields } from '@portal/shared/show/project-settings.schema';
import { shanghaiDate } from '@portal/shared/dates';
import { gateRuleList } from '@portal/shared/ticket/gate-rules.schema';
import { SaveProjectSettingsDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { projectSettingQueryOptions } from '../../../lib/project/project-setting';
import { PROJECT_SETTINGS_KEY } from './project-settings';

/** Saves every setting at once; the public switches (registration pages) are read again. */
export function useSaveProjectSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSaveProjectSettingsFields) => {
      const parsed = saveProjectSettingsSchema(shanghaiDate(new Date())).parse(input);
      const iso = (value: Date) => value.toISOString();
      return graphqlRequest(SaveProjectSettingsDocument, {
        input: {
          ...parsed,
          audienceUpdateDeadline: parsed.audienceUpdateDeadline ? iso(parsed.audienceUpdateDeadline) : null,
          days: parsed.days.map((row) => ({ ...row, deadline: iso(row.deadline) })),
          ticketRules: gateRuleList(parsed.ticketRules),
        },
      });
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: PROJECT_SETTINGS_KEY }), queryClient.invalidateQueries({ queryKey: projectSettingQueryOptions.queryKey })]),
  });
}
