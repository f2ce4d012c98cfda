import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gateRuleList, ZSaveGateRulesInput } from '@portal/shared/ticket/gate-rules.schema';
import { SaveGateRulesDocument } from '../../../graphql/operations.generated';
import { graphqlRequest } from '../../../lib/graphql-client';
import { PROJECT_SETTINGS_KEY } from './project-settings';

/** Saves the gate rules alone (the QR period, each kind's rotation and re-entry policy); the settings are read again. */
export function useSaveGateRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZSaveGateRulesInput>) => {
      const parsed = ZSaveGateRulesInput.parse(input);
      return graphqlRequest(SaveGateRulesDocument, { input: { ...parsed, ticketRules: gateRuleList(parsed.ticketRules) } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROJECT_SETTINGS_KEY }),
  });
}
