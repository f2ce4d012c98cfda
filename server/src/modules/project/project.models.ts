import type { ChannelModel, ProjectSettingModel, ShowDayModel } from '../show/show.models';
import type { ActivationCodeModel } from '../activation-code/activation-code.models';

/** A show day as the settings page sees it: with the seats already held. */
export type OfficeShowDayModel = ShowDayModel & { held: number };

/** `ProjectSettings`: everything the settings page edits, at one version. */
export interface ProjectSettingsModel {
  setting: ProjectSettingModel;
  days: OfficeShowDayModel[];
  channels: ChannelModel[];
}

export type OfficeChannelModel = ChannelModel;

/** `OfficeActivationCode` in the organizers' list: the applicant's name when bound. */
export type OfficeActivationCodeModel = ActivationCodeModel & { boundTo: string | null };
